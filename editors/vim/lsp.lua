-- Neovim (0.8 or later): start `pipe lsp` for every pipe buffer. In init.lua:
--   dofile("/usr/local/share/pipe/editors/vim/lsp.lua")
-- (with the syntax and ftdetect folders on 'runtimepath', see README.md).
vim.api.nvim_create_autocmd("FileType", {
  pattern = "pipe",
  callback = function(args)
    vim.lsp.start({
      name = "pipe",
      cmd = { "pipe", "lsp" },
      root_dir = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)),
    })
  end,
})
