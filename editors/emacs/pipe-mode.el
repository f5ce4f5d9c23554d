;;; pipe-mode.el --- pipe scripts, with `pipe lsp' through eglot  -*- lexical-binding: t -*-

;; In init.el:
;;   (load "/usr/local/share/pipe/editors/emacs/pipe-mode.el")
;; then M-x eglot in a .pipe buffer (or add `eglot-ensure' to `pipe-mode-hook').

(defvar pipe-font-lock-keywords
  '(("#.*$" . font-lock-comment-face)
    ("^\\s-*:[A-Za-z][A-Za-z-]*" . font-lock-preprocessor-face)
    ("\\_<\\(let\\|set\\)\\_>" . font-lock-keyword-face)
    ("\\_<\\(true\\|false\\|null\\)\\_>" . font-lock-constant-face)
    ("|\\s-*\\([A-Za-z_][A-Za-z0-9_]*\\)" 1 font-lock-function-name-face)
    ("\\.[A-Za-z_][A-Za-z0-9_]*" . font-lock-variable-name-face)))

(defvar pipe-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?_ "_" table)
    table))

;;;###autoload
(define-derived-mode pipe-mode prog-mode "pipe"
  "Major mode for pipe scripts."
  :syntax-table pipe-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local font-lock-defaults '(pipe-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.pipe\\'" . pipe-mode))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(pipe-mode "pipe" "lsp")))

(provide 'pipe-mode)
;;; pipe-mode.el ends here
