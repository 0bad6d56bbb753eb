#!/usr/bin/env bash
# Shell completion and man pages of the three commands, generated from their argparse
# parsers, so neither can drift from the options the commands really take.
#
#   scripts/cli-extras.sh VENV OUTDIR completion      # OUTDIR/completion/{bash,zsh,fish}/
#   scripts/cli-extras.sh VENV OUTDIR man             # OUTDIR/man/man1/*.1
#   scripts/cli-extras.sh VENV OUTDIR install PREFIX  # both, copied under PREFIX/share
#
# Tools (the `release` extra of pyproject.toml, part of `test`): shtab writes the
# completion, argparse-manpage the man pages; both read the parser the command builds.
# `make completion`, `make man` and `make install-completion` call this with OUTDIR=build;
# tests/contract/cli/test_cli_extras.py calls it into a temporary folder.
set -euo pipefail
venv=${1:?usage: cli-extras.sh VENV OUTDIR completion|man|install [PREFIX]}
out=${2:?OUTDIR}
what=${3:?completion, man or install}
py=$venv/bin/python
# English man pages and completion whatever this computer's language or the one chosen in
# the window (the parsers' help texts are translated): a system language of English and a
# config folder without a saved choice (it is only read, never created)
export LANGUAGE=en LICENSEDESK_CONFIG_DIR="$out/.no-language-setting"

# command, module, function that returns its parser, shtab's prefix for shell functions
# (one per command: with the same prefix, the last completion sourced would win), and
# the man page's one-line description
commands=(
    "licensedesk-cli licensedesk.cli.commands build_parser licensedesk_cli the License Management Service /v2 from the command line"
    "licensedesk licensedesk.__main__ build_parser licensedesk_gui desktop client for the License Management Service /v2"
    "licensedesk-sandbox licensedesk.sandbox.__main__ parser licensedesk_sandbox a local License Management Service /v2 to try License Desk and test against"
)

completion() {
    mkdir -p "$out/completion/bash" "$out/completion/zsh" "$out/completion/fish"
    local prog module function prefix _description
    for row in "${commands[@]}"; do
        read -r prog module function prefix _description <<<"$row"
        "$py" -m shtab -u --shell=bash --prog "$prog" --prefix "$prefix" \
            -o "$out/completion/bash/$prog" "$module.$function"
        "$py" -m shtab -u --shell=zsh --prog "$prog" --prefix "$prefix" \
            -o "$out/completion/zsh/_$prog" "$module.$function"
        "$py" -m shtab -u --shell=fish --prog "$prog" --prefix "$prefix" \
            -o "$out/completion/fish/$prog.fish" "$module.$function"
    done
    echo "completion: $out/completion/{bash,zsh,fish}"
}

man() {
    mkdir -p "$out/man/man1"
    local version prog module function _prefix description
    version=$("$py" -c 'import licensedesk; print(licensedesk.__version__)')
    for row in "${commands[@]}"; do
        read -r prog module function _prefix description <<<"$row"
        "$venv/bin/argparse-manpage" --module "$module" --function "$function" \
            --prog "$prog" --description "$description" \
            --project-name "License Desk" --version "$version" \
            --manual-title "License Desk" --output "$out/man/man1/$prog.1"
    done
    echo "man: $out/man/man1"
}

install_all() {
    local prefix=${1:?usage: cli-extras.sh VENV OUTDIR install PREFIX}
    local share=$prefix/share prog
    [[ -d $out/completion && -d $out/man ]] || { completion; man; }
    for row in "${commands[@]}"; do
        read -r prog _ <<<"$row"
        install -Dm644 "$out/completion/bash/$prog" "$share/bash-completion/completions/$prog"
        install -Dm644 "$out/completion/zsh/_$prog" "$share/zsh/site-functions/_$prog"
        install -Dm644 "$out/completion/fish/$prog.fish" \
            "$share/fish/vendor_completions.d/$prog.fish"
        install -Dm644 "$out/man/man1/$prog.1" "$share/man/man1/$prog.1"
    done
    echo "installed completion and man pages under $share"
}

case $what in
    completion) completion ;;
    man) man ;;
    install) install_all "${4:-}" ;;
    *) echo "unknown: $what (completion, man or install)" >&2; exit 2 ;;
esac
