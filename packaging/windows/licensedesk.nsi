; License Desk's Windows installer (NSIS 3, Unicode). Built by .github/workflows/bundles.yml
; on windows-2022 around the PyInstaller bundle (dist\licensedesk); the test suite compiles
; the same script here with Debian's makensis around a stand-in payload
; (tests/contract/release/test_windows_installer.py) and checks what it installs and registers.
;
;   makensis /DVERSION=0.1.0 /DSOURCE_DIR=dist\licensedesk /DOUTFILE=LicenseDesk-0.1.0-setup.exe licensedesk.nsi
;
; Per user, no administrator rights: the program goes to %LOCALAPPDATA%\Programs\License Desk,
; and everything registered is under HKEY_CURRENT_USER:
; - the licensedesk:// scheme: Software\Classes\licensedesk ("URL Protocol"), whose open
;   command is "licensedesk.exe" "%1" (the link is the program's one argument; a window
;   already open takes it over, ui/shell/single_instance.py);
; - the entry in Settings > Apps (Software\Microsoft\Windows\CurrentVersion\Uninstall\LicenseDesk)
;   with the uninstaller, which takes back every file, shortcut and key written here, and
;   the notifications' AppUserModelId key the app writes when it first notifies.
; The user's profiles, history and logs (%LOCALAPPDATA%\licensedesk) and the API keys in the
; Credential Manager are the user's: the uninstaller leaves them.

Unicode true

!ifndef VERSION
  !error "VERSION is required: makensis /DVERSION=x.y.z ..."
!endif
!ifndef SOURCE_DIR
  !error "SOURCE_DIR is required: the PyInstaller bundle folder (dist\licensedesk)"
!endif
!ifndef OUTFILE
  !define OUTFILE "LicenseDesk-${VERSION}-setup.exe"
!endif

!define APP_NAME "License Desk"
!define APP_EXE "licensedesk.exe"
!define PUBLISHER "the License Desk developers"
!define SCHEME "licensedesk"
!define SCHEME_KEY "Software\Classes\${SCHEME}"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\LicenseDesk"
; written by the app itself: desktop-notifier's Windows backend registers the app's name as
; its notifications' AppUserModelID (ui/renewals_notice/notifier.py, APP_NAME)
!define NOTIFIER_KEY "Software\Classes\AppUserModelId\${APP_NAME}"

Name "${APP_NAME}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma
ShowInstDetails show
ShowUninstDetails show

!include "MUI2.nsh"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "(c) 2026 ${PUBLISHER}"

Section "Install"
  SetOutPath "$INSTDIR"
  ; a new version replaces the old one's files: what it no longer ships must not stay
  RMDir /r "$INSTDIR\_internal"
  File /r "${SOURCE_DIR}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortCut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}"

  WriteRegStr HKCU "${SCHEME_KEY}" "" "URL:${APP_NAME}"
  WriteRegStr HKCU "${SCHEME_KEY}" "URL Protocol" ""
  WriteRegStr HKCU "${SCHEME_KEY}\DefaultIcon" "" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${SCHEME_KEY}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  DeleteRegKey HKCU "${SCHEME_KEY}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "${NOTIFIER_KEY}"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\LICENSE"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
SectionEnd
