/**
 * A value loaded once, on first use (a module imported late to keep the start fast). Rule: a
 * load that fails is not kept, so the next caller tries again instead of getting the same
 * failure until the server restarts; callers at the same time share one load.
 */
export function lazyOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    const loading = load();
    pending = loading;
    loading.catch(() => {
      if (pending === loading) pending = null;
    });
    return loading;
  };
}
