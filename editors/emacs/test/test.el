;;; test.el --- Batch test of kibitzer.el with eglot  -*- lexical-binding: t; -*-

;; Opens each file of the plan ($KIBITZER_PLAN, written by editors/testlib/harness.py) in its mode,
;; connects eglot to `kibitzer lsp', waits for the flymake diagnostics, hovers the NAG and saves
;; with `eglot-format-buffer' on `before-save-hook', renames a player where the plan says
;; (`eglot-rename'); writes what it saw to $KIBITZER_OBSERVED.
;; In batch mode `post-command-hook' never runs, so eglot and flymake are started by hand.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'json)
(require 'kibitzer)
(require 'kibitzer-test-lib)

(setq kibitzer-server-program (getenv "KIBITZER_BIN")
      eglot-sync-connect 30
      eglot-autoshutdown t)

(defun kibitzer-test--hover-text (contents)
  (cond ((stringp contents) contents)
        ((plist-get contents :value))
        ((vectorp contents)
         (mapconcat (lambda (c) (if (stringp c) c (plist-get c :value))) contents "\n"))
        (t "")))

(defvar kibitzer-test--checks nil
  "Checks made in Emacs itself: ((name . NAME) (ok . BOOL) (detail . TEXT)), for the harness.")

(defconst kibitzer-test--highlights
  '(("pgn" "$1" font-lock-builtin-face)
    ("pbn" "$1" font-lock-builtin-face)
    ("pbi" "# Editor" font-lock-comment-face)
    ("epd" "rnbqkbnr" font-lock-constant-face)
    ("lin" "sv|" font-lock-keyword-face)
    ;; The two letters ending the value `Di East' are not a pair's name.
    ("lin" "st|st|" nil))
  "Per language: texts of its sample and the face font-lock must give each (nil: none).")

(defun kibitzer-test--check-font-lock (path lang)
  "Record whether the mode of the buffer (visiting PATH in LANG) highlights its sample texts."
  (font-lock-ensure)
  (dolist (entry kibitzer-test--highlights)
    (pcase-let ((`(,for-lang ,needle ,want) entry))
      (when (equal for-lang lang)
        (save-excursion
          (goto-char (point-min))
          (let* ((found (search-forward needle nil t))
                 (face (and found (get-text-property (match-beginning 0) 'face))))
            (push `((name . ,(format "%s: font-lock shows `%s' in %s"
                                     (file-name-nondirectory path) needle (or want "no face")))
                    (ok . ,(if (and found (eq face want)) t :json-false))
                    (detail . ,(if found (format "%S" face) "not found")))
                  kibitzer-test--checks)))))))

(defun kibitzer-test--rename (rename)
  "Rename (`eglot-rename') the first occurrence of RENAME's needle in the buffer to its new name.
eglot applies the WorkspaceEdit to this buffer and to the closed files, which it visits without
saving them (after asking, which the test answers with yes). Returns an alist (PATH . TEXT) of every file buffer whose text changed."
  (let ((needle (gethash "needle" rename))
        (before (mapcar (lambda (b) (cons b (with-current-buffer b (buffer-string)))) (buffer-list))))
    (goto-char (point-min))
    (unless (search-forward needle nil t)
      (error "no %s in the buffer to rename" needle))
    (goto-char (match-beginning 0))
    ;; eglot asks before it edits a file no buffer visits (the closed file): the user says yes.
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (message "%s y" prompt) t)))
      (eglot-rename (gethash "new_name" rename)))
    (let (changed)
      (dolist (b (buffer-list))
        (let ((old (cdr (assq b before))))
          (when (and (buffer-file-name b)
                     (not (equal old (with-current-buffer b (buffer-string)))))
            (push (cons (buffer-file-name b)
                        (with-current-buffer b (buffer-substring-no-properties (point-min) (point-max))))
                  changed))))
      changed)))

(defun kibitzer-test--observe (file)
  (let* ((path (gethash "path" file))
         (lang (gethash "lang" file))
         (want (length (gethash "diagnostics" file)))
         (hover (gethash "hover" file))
         (rename (gethash "rename" file))
         (buf (find-file-noselect path)))
    (with-current-buffer buf
      (unless (eq major-mode (intern (concat lang "-mode")))
        (error "%s opened in %s, not %s-mode" path major-mode lang))
      ;; The first file starts the server; later ones join it from the major mode's hook, as
      ;; they do for a user.
      (unless (eglot-current-server)
        (apply #'eglot (eglot--guess-contact)))
      ;; `eglot-sync-connect' does not always wait: the connection may complete a moment later.
      (unless (kibitzer-test--wait 30 #'eglot-current-server)
        (error "eglot did not connect for %s" path))
      (kibitzer-test--check-font-lock path lang)
      (kibitzer-test--wait (if (> want 0) 15 2)
                           (lambda () (and (> want 0) (>= (length (flymake-diagnostics)) want))))
      (kibitzer-test--wait 0.3 #'ignore)
      (let ((diags
             (mapcar (lambda (d)
                       (let ((text (flymake-diagnostic-text d)))
                         `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
                           ;; Characters, not `current-column' (display columns).
                           (column . ,(save-excursion
                                        (goto-char (flymake-diagnostic-beg d))
                                        (1+ (- (point) (line-beginning-position)))))
                           (code . ,(and (string-match "\\[\\([^]]+\\)\\]" text) (match-string 1 text)))
                           (message . ,text))))
                     (flymake-diagnostics)))
            (hover-text nil))
        (when hover
          ;; Point on the first character of the NAG; eglot computes the position.
          (goto-char (point-min))
          (unless (search-forward (gethash "needle" hover) nil t)
            (error "%s: no %s in the buffer" path (gethash "needle" hover)))
          (goto-char (match-beginning 0))
          (let ((result (jsonrpc-request (eglot-current-server) :textDocument/hover
                                         (eglot--TextDocumentPositionParams))))
            (setq hover-text (kibitzer-test--hover-text (plist-get result :contents)))))
        ;; Format on save, as the README tells users to set it up.
        (add-hook 'before-save-hook #'eglot-format-buffer nil t)
        (set-buffer-modified-p t)
        (save-buffer)
        `((path . ,path)
          (diagnostics . ,(vconcat diags))
          (hover . ,hover-text)
          (saved . t)
          ,@(and rename
                 ;; A JSON object by path: an alist whose keys are symbols.
                 `((renamed . ,(mapcar (lambda (c) (cons (intern (car c)) (cdr c)))
                                       (kibitzer-test--rename rename))))))))))

(condition-case err
    (let* ((plan (with-temp-buffer
                   (insert-file-contents (getenv "KIBITZER_PLAN"))
                   (json-parse-buffer)))
           (observed (mapcar #'kibitzer-test--observe (gethash "files" plan))))
      (with-temp-file (getenv "KIBITZER_OBSERVED")
        (insert (json-encode `((files . ,(vconcat observed))
                               (checks . ,(vconcat (reverse kibitzer-test--checks)))))))
      (kill-emacs 0))
  (error (message "emacs test error: %S" err)
         (kill-emacs 1)))
