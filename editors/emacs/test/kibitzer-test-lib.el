;;; kibitzer-test-lib.el --- What the batch tests of kibitzer.el share  -*- lexical-binding: t; -*-

;; In batch mode `post-command-hook' never runs, so eglot and flymake do not start or refresh by
;; themselves: the tests pump process output and restart flymake while they wait.

(defun kibitzer-test--wait (seconds pred)
  "Pump process output for up to SECONDS until PRED is non-nil."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (when (bound-and-true-p flymake-mode) (flymake-start))
      (accept-process-output nil 0.05))
    (funcall pred)))

(provide 'kibitzer-test-lib)
;;; kibitzer-test-lib.el ends here
