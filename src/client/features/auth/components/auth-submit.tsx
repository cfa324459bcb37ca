/** An account form's one wide button, saying what it does while the request is under way. */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
