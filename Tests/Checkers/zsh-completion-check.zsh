#!/usr/bin/zsh -f
# Types a command line into an interactive zsh (in a pseudo-terminal, zpty)
# whose fpath holds the generated completion, presses Tab once and prints the
# command line as completion left it: zsh completes only in a terminal.
#
# Usage: zsh-completion-check.zsh COMPLETIONS-FOLDER 'follow-render book.epub --sy'
zmodload zsh/zpty
folder=$1 line=$2
zpty shell 'zsh -f -i'
zpty -w shell "PS1=''; PS2=''; fpath=(${(q)folder} \$fpath); autoload -U compinit; compinit -u -D"
# Ctrl-X prints the buffer between markers that the echo of the typed lines cannot match.
zpty -w shell 'show-buffer() { print -r -- "BUF""FER<$BUFFER>"; BUFFER=""; zle accept-line }; zle -N show-buffer; bindkey "^X" show-buffer; print "REA""DY"'
zpty -r shell ready '*READY*'
zpty -w -n shell "$line"$'\t\x18'
zpty -r shell output '*BUFFER<*>*'
zpty -d shell
print -r -- "$output" | grep -ao 'BUFFER<[^>]*>' | tail -1 | sed 's/^BUFFER<//; s/>$//'
