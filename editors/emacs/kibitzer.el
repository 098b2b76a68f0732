;;; kibitzer.el --- Major modes for PGN, PBN, LIN, PBI and EPD files, with the kibitzer language server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, games
;; SPDX-License-Identifier: MIT OR Apache-2.0

;;; Commentary:

;; Five major modes with basic highlighting -- `pgn-mode' (chess games), `pbn-mode' (bridge
;; deals), `lin-mode' (BBO's LIN boards), `pbi-mode' (chess problems) and `epd-mode' (EPD and FEN
;; positions) -- and their
;; registration with eglot, which then runs `kibitzer lsp' for diagnostics, hover, completion
;; and formatting:
;;
;;   (add-to-list 'load-path "/path/to/kibitzer/editors/emacs")
;;   (require 'kibitzer)
;;   (add-hook 'pgn-mode-hook #'eglot-ensure)   ; likewise pbn-, lin-, pbi- and epd-mode-hook
;;
;; The binary is `kibitzer-server-program', else the one pip or cargo installed: see
;; `kibitzer-find-server'.
;;
;; Format on save: (add-hook 'pgn-mode-hook
;;                   (lambda () (add-hook 'before-save-hook #'eglot-format-buffer nil t)))

;;; Code:

(defgroup kibitzer nil
  "Chess and bridge notation files, checked by kibitzer."
  :group 'languages
  :prefix "kibitzer-")

(defcustom kibitzer-server-program nil
  "The kibitzer binary; eglot runs it with the argument \"lsp\".
nil: look for it where pip and cargo put it (see `kibitzer-find-server')."
  :type '(choice (const :tag "Where pip or cargo put it" nil)
                 (file :tag "This binary")))

(defcustom kibitzer-mode-setting "import"
  "Which rules the server applies.
\"import\" is lenient; \"export\" also applies the export-format rules."
  :type '(choice (const "import") (const "export")))

(defcustom kibitzer-rules nil
  "Rule severities by code, e.g. ((PGN101 . \"off\") (PBN203 . \"error\"))."
  :type '(alist :key-type symbol :value-type string))

(defun kibitzer--bin (folder name)
  "The file NAME in FOLDER, if it is an executable file."
  (let ((file (expand-file-name name folder)))
    (and (file-executable-p file) (not (file-directory-p file)) file)))

(defun kibitzer--missing-message (where)
  "What to do when the server is not found; WHERE says where it was looked for."
  (format "kibitzer: the language server was not found (%s). Install it with \
`pip install kibitzer-chess-bridge' (in the project's virtual environment or for your user) or \
`cargo install --locked --path server' from a checkout of kibitzer's repository, \
or set `kibitzer-server-program' to its path."
          where))

(defun kibitzer-find-server (&optional directory)
  "The kibitzer binary for a file in DIRECTORY (default: `default-directory').
`kibitzer-server-program' when it is set; else, in this order, the active
Python virtual environment ($VIRTUAL_ENV), the nearest .venv above DIRECTORY,
`exec-path' (PATH), then cargo's bin folder ($CARGO_HOME/bin, else
~/.cargo/bin), which an Emacs started from a desktop launcher often lacks on
its PATH.  Signals a `user-error' that says what to install or set when there
is none."
  (let* ((windows (eq system-type 'windows-nt))
         (name (if windows "kibitzer.exe" "kibitzer"))
         (venv-bin (if windows "Scripts" "bin")))
    (if kibitzer-server-program
        (or (if (file-name-directory kibitzer-server-program)
                (kibitzer--bin nil (expand-file-name kibitzer-server-program))
              (executable-find kibitzer-server-program))
            (user-error "%s" (kibitzer--missing-message
                              (format "`kibitzer-server-program' is %s, which is not an executable file"
                                      kibitzer-server-program))))
      (let* ((dir (or directory default-directory))
             (venv (getenv "VIRTUAL_ENV"))
             (project (locate-dominating-file dir ".venv"))
             (cargo-home (getenv "CARGO_HOME")))
        (or (and venv (not (equal venv ""))
                 (kibitzer--bin (expand-file-name venv-bin venv) name))
            (and project (kibitzer--bin (expand-file-name venv-bin (expand-file-name ".venv" project)) name))
            (executable-find "kibitzer")
            (and cargo-home (not (equal cargo-home ""))
                 (kibitzer--bin (expand-file-name "bin" cargo-home) name))
            (kibitzer--bin (expand-file-name ".cargo/bin" "~") name)
            (user-error "%s" (kibitzer--missing-message
                              (format "not in $VIRTUAL_ENV/%s, a .venv above %s, exec-path or ~/.cargo/bin"
                                      venv-bin (abbreviate-file-name dir)))))))))

(defun kibitzer--server-contact (&rest _)
  "The eglot contact: the command, with the options of the customizations."
  (list (kibitzer-find-server) "lsp"
        :initializationOptions
        (list :mode kibitzer-mode-setting
              :rules (or kibitzer-rules (make-hash-table)))))

;;;; Syntax: both PGN-style comments, `{...}' and `;' to the end of the line.

(defvar kibitzer-comment-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\{ "<" table)
    (modify-syntax-entry ?\} ">" table)
    (modify-syntax-entry ?\; "< b" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (dolist (c '(?$ ?! ?? ?+ ?# ?= ?- ?/ ?*))
      (modify-syntax-entry c "_" table))
    table)
  "Syntax table of PGN and PBN: strings, brace and rest-of-line comments.")

(defconst kibitzer--tag-pair
  '("^\\[\\([A-Za-z0-9_]+\\)" 1 font-lock-keyword-face)
  "The name of a tag pair `[Name \"value\"]'.")

(defconst kibitzer--escape-line
  '("^%.*$" 0 font-lock-preprocessor-face t)
  "A `%' escape line (PGN 6; PBN directives such as `% PBN 2.1').")

(defconst kibitzer--nag '("\\$[0-9]+" 0 font-lock-builtin-face))

(defconst pgn-font-lock-keywords
  (list kibitzer--escape-line
        kibitzer--tag-pair
        kibitzer--nag
        '("\\_<[0-9]+\\.\\(?:\\.\\.\\)?" 0 font-lock-constant-face)
        '("\\(?:1-0\\|0-1\\|1/2-1/2\\|\\*\\)\\s-*$" 0 font-lock-type-face)
        '("\\_<\\(?:O-O\\(?:-O\\)?\\|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]\\(?:=[QRBN]\\)?\\)[+#]?"
          0 font-lock-function-name-face)
        '("[!?]\\{1,2\\}" 0 font-lock-warning-face))
  "Highlighting of `pgn-mode'.")

(defconst pbn-font-lock-keywords
  (list kibitzer--escape-line
        kibitzer--tag-pair
        kibitzer--nag
        '("=[0-9]+=" 0 font-lock-variable-name-face)
        '("\\^[ISRL]" 0 font-lock-warning-face)
        '("\\_<\\(?:[1-7]\\(?:NT\\|[CDHS]\\)\\|Pass\\|XX?\\|AP\\)\\_>" 0 font-lock-function-name-face)
        '("\\_<[CDHS][2-9TJQKA]\\_>" 0 font-lock-constant-face)
        '("^\\*$" 0 font-lock-type-face))
  "Highlighting of `pbn-mode'.")

(defconst pbi-font-lock-keywords
  '(("\\`\\(?:\ufeff\\)?#PBI [0-9.]+" 0 font-lock-preprocessor-face)
    ("^#.*$" 0 font-lock-comment-face)
    ("\\\\x[0-9A-Fa-f]\\{2\\}" 0 font-lock-string-face)
    (":" 0 font-lock-keyword-face)
    ("\\_<[1-8PRSBQKprsbqk]+\\(?:/[1-8PRSBQKprsbqk]+\\)\\{7\\}\\_>" 0 font-lock-constant-face))
  "Highlighting of `pbi-mode'.")

(defconst epd-font-lock-keywords
  '(("^[1-8PNBRQKpnbrqk]+\\(?:/[1-8PNBRQKpnbrqk]+\\)\\{7\\}" 0 font-lock-constant-face)
    ;; An opcode: a word that starts an operation ending in `;'.
    ("\\_<\\([a-z][a-z0-9_]*\\)\\_>[^;\n]*;" 1 font-lock-keyword-face))
  "Highlighting of `epd-mode': the board field and the opcodes.")

(defconst lin-font-lock-keywords
  ;; Whole pairs, one after the other from the line's start, so that two letters ending a value
  ;; (`Di East|') are not taken for a name.
  '(("\\([A-Za-z][A-Za-z]\\)|[^|\n]*|" 1 font-lock-keyword-face))
  "Highlighting of `lin-mode': the pair names.")

;;;; The modes

(define-derived-mode kibitzer-base-mode prog-mode "kibitzer"
  "Parent of the kibitzer modes."
  :abbrev-table nil
  (setq-local comment-start "{ ")
  (setq-local comment-end " }")
  (setq-local comment-start-skip "\\(?:{\\|;\\)\\s-*"))

;;;###autoload
(define-derived-mode pgn-mode kibitzer-base-mode "PGN"
  "Major mode for chess games in Portable Game Notation."
  :syntax-table kibitzer-comment-syntax-table
  (setq-local font-lock-defaults '(pgn-font-lock-keywords)))

;;;###autoload
(define-derived-mode pbn-mode kibitzer-base-mode "PBN"
  "Major mode for bridge deals in Portable Bridge Notation."
  :syntax-table kibitzer-comment-syntax-table
  (setq-local font-lock-defaults '(pbn-font-lock-keywords)))

;;;###autoload
(define-derived-mode pbi-mode kibitzer-base-mode "PBI"
  "Major mode for chess problems in the Problem Import format."
  (setq-local comment-start "# ")
  (setq-local comment-end "")
  (setq-local font-lock-defaults '(pbi-font-lock-keywords t)))

;;;###autoload
(define-derived-mode epd-mode kibitzer-base-mode "EPD"
  "Major mode for EPD records and FEN positions."
  (setq-local font-lock-defaults '(epd-font-lock-keywords)))

;;;###autoload
(define-derived-mode lin-mode kibitzer-base-mode "LIN"
  "Major mode for bridge boards in BBO's LIN (pairs `name|value|', a board a line)."
  (setq-local comment-start "")
  (setq-local font-lock-defaults '(lin-font-lock-keywords t)))

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist '("\\.pgn\\'" . pgn-mode))
  (add-to-list 'auto-mode-alist '("\\.pbn\\'" . pbn-mode))
  (add-to-list 'auto-mode-alist '("\\.pbi\\'" . pbi-mode))
  (add-to-list 'auto-mode-alist '("\\.lin\\'" . lin-mode))
  (add-to-list 'auto-mode-alist '("\\.\\(?:epd\\|fen\\)\\'" . epd-mode)))

;;;; eglot

(defvar eglot-server-programs)

;;;###autoload
(with-eval-after-load 'eglot
  ;; One entry per mode, not one entry for them all: eglot before 1.12 gives every buffer of a
  ;; server the language id of the server's first mode, and kibitzer checks a document in the
  ;; format its language id names (a PBN file sent as "pgn" would be checked as PGN).
  (dolist (mode '(pgn-mode pbn-mode pbi-mode epd-mode lin-mode))
    (add-to-list 'eglot-server-programs (cons mode #'kibitzer--server-contact))))

(provide 'kibitzer)
;;; kibitzer.el ends here
