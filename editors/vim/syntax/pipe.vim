" Vim syntax file for pipe scripts (*.pipe): comments, strings, durations, stages, fields.
if exists("b:current_syntax")
  finish
endif

syntax match pipeComment "#.*$" contains=@Spell
syntax region pipeString start=/"/ skip=/\\./ end=/"/ contains=pipeEscape
syntax match pipeEscape /\\\(u{\x\+}\|.\)/ contained
syntax match pipeCommand /^\s*:[A-Za-z][A-Za-z-]*/
syntax keyword pipeKeyword let set
syntax keyword pipeConstant true false null
syntax match pipeNumber /\<\d\+\(\.\d\+\)\=\([eE][-+]\=\d\+\)\=\(ms\|s\|m\|h\)\=\>/
syntax match pipeField /\.\h\w*/
syntax match pipeStage /\(|\s*\)\@<=\h\w*/
syntax match pipeOperator /||\|&&\||\|&/

highlight default link pipeComment Comment
highlight default link pipeString String
highlight default link pipeEscape SpecialChar
highlight default link pipeCommand PreProc
highlight default link pipeKeyword Keyword
highlight default link pipeConstant Constant
highlight default link pipeNumber Number
highlight default link pipeField Identifier
highlight default link pipeStage Function
highlight default link pipeOperator Operator

setlocal commentstring=#\ %s
let b:current_syntax = "pipe"
