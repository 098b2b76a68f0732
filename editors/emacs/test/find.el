;;; find.el --- One case of find.sh: where kibitzer.el finds the server  -*- lexical-binding: t; -*-

;; Opens $KIBITZER_FIND_FILE in pgn-mode and starts eglot as `eglot-ensure' does, with
;; `kibitzer-server-program' set to $KIBITZER_FIND_PATH when that is not empty.
;; $KIBITZER_FIND_EXPECT `server': the diagnostics of the real binary arrive (the one place that
;; holds it; the others hold decoys that fail).  `missing': no server, and a `user-error' whose
;; message holds each text of $KIBITZER_FIND_MESSAGE (separated by `|').
;; Prints `  ok ...' / `  FAIL ...' lines; exits 1 on a failure.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'kibitzer)
(require 'kibitzer-test-lib)

(setq eglot-sync-connect 30
      eglot-autoshutdown t)
(let ((setting (getenv "KIBITZER_FIND_PATH")))
  (unless (equal setting "") (setq kibitzer-server-program setting)))

(defvar kibitzer-find--failures 0)
(defun kibitzer-find--report (ok what)
  "Print WHAT as passed when OK, else as failed."
  (princ (format "  %s %s\n" (if ok "ok  " "FAIL") what))
  (unless ok (setq kibitzer-find--failures (1+ kibitzer-find--failures))))

(condition-case err
    (let ((case-name (getenv "KIBITZER_FIND_CASE")))
      (with-current-buffer (find-file-noselect (getenv "KIBITZER_FIND_FILE"))
        (if (equal (getenv "KIBITZER_FIND_EXPECT") "server")
            (progn
              (apply #'eglot (eglot--guess-contact))
              (kibitzer-test--wait 30 #'eglot-current-server)
              (kibitzer-test--wait 15 (lambda () (> (length (flymake-diagnostics)) 0)))
              (kibitzer-find--report (> (length (flymake-diagnostics)) 0)
                                     (format "%s: the server found there checks the file (%d diagnostics)"
                                             case-name (length (flymake-diagnostics)))))
          (let ((text (condition-case e
                          (progn (apply #'eglot (eglot--guess-contact)) "")
                        (user-error (error-message-string e)))))
            (kibitzer-find--report (null (eglot-current-server)) (format "%s: no server is started" case-name))
            (kibitzer-find--report (not (equal text "")) (format "%s: a user-error says why" case-name))
            (dolist (needle (split-string (or (getenv "KIBITZER_FIND_MESSAGE") "") "|" t))
              (kibitzer-find--report (string-search needle text)
                                     (format "%s: the message says %s" case-name needle)))
            (princ (format "  note %s: %s\n" case-name text))))))
  (error (kibitzer-find--report nil (format "error: %S" err))))
(kill-emacs (if (= kibitzer-find--failures 0) 0 1))
