" Vim and Neovim syntax for cardrules rules files (docs/editors.md). tests/lsp/test_editors.py checks that it
" knows every keyword of grammar/cardrules.lark and every builtin.
if exists("b:current_syntax")
  finish
endif

syn keyword cardrulesDeclaration extends game attribute cards card order text zone option var def action setup
syn keyword cardrulesDeclaration round turn after on next player end show result holds limit copies per internal
syn keyword cardrulesDeclaration caption
syn keyword cardrulesStatement move deal shuffle eliminate set first win lose pass stop new say do reveal let reset
syn keyword cardrulesStatement to from at
syn keyword cardrulesConditional if elif else when where only otherwise afterwards
syn keyword cardrulesRepeat for while repeat choose simultaneously
syn keyword cardrulesOperator and or not in by
syn keyword cardrulesConstant true false none
syn keyword cardrulesBuiltin me active num_players it
" Both a declaration (at the start of a line) and a builtin name (elsewhere); `bottom` also a builtin function.
syn match cardrulesBuiltin /\<\(players\|sides\)\>/
syn match cardrulesDeclaration /^\s*\zs\(players\|sides\)\>/
syn match cardrulesStatement /\<bottom\>\(\s*(\)\@!/
" A call of a definition (or of a builtin added since this file was written), then the builtins.
syn match cardrulesCall /\<\h\w*\ze\s*(/
syn match cardrulesFunction /\<\(abs\|all\|any\|best\|bottom\|box\|cell\|cells\|concat\|count\|eliminated\|empty\|frontier\|groups\|highest\|keys\|knows\|label\|largest\|left\|lines\|lowest\|max\|min\|mover\|neighbours\|next_seat\|owner\|random\|right\|runs\|segments\|side\|sorted\|sum\|top\|values\|words\)\ze\s*(/
syn match cardrulesNumber /\<\d\+\>/
syn region cardrulesString start=/"/ end=/"/ oneline
syn match cardrulesComment /#.*$/ contains=@Spell

hi def link cardrulesDeclaration Keyword
hi def link cardrulesStatement Statement
hi def link cardrulesConditional Conditional
hi def link cardrulesRepeat Repeat
hi def link cardrulesOperator Operator
hi def link cardrulesConstant Constant
hi def link cardrulesBuiltin Identifier
hi def link cardrulesFunction Function
hi def link cardrulesCall Function
hi def link cardrulesNumber Number
hi def link cardrulesString String
hi def link cardrulesComment Comment

let b:current_syntax = "cardrules"
