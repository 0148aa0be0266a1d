export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

/** Placeholder cards while the first page of posts loads. */
export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading posts" role="status">
      {Array.from({ length: count }, (_, i) => (
        <div className="card post-card skeleton" key={i}>
          <div className="skeleton-row">
            <span className="skeleton-circle" />
            <span className="skeleton-line short" />
          </div>
          <span className="skeleton-line" />
          <span className="skeleton-line medium" />
        </div>
      ))}
    </div>
  )
}
