" pipe scripts: *.pipe
autocmd BufRead,BufNewFile *.pipe setfiletype pipe
