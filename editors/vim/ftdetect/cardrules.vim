" .rules files are cardrules rules files (docs/editors.md). `set`, not `setfiletype`: Vim's own detection
" already takes *.rules for Snort's hog rules.
autocmd BufRead,BufNewFile *.rules set filetype=cardrules
