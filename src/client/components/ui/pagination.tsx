interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** What the pages are of, for screen readers: 'Pages' (of artworks), 'Order pages'… */
  label?: string;
}

/** Previous / Next with where the visitor is; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      <button type="button" className="button" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
