import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { OwnerReviews } from '#client/features/reviews/components/owner-reviews.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/reviews/owner-reviews.css';

/** The owner's moderation of reviews: each waits here until approved (it shows) or hidden (with the reason). */
export default function AdminReviewsPage() {
  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/reviews'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]} />
      <OwnerReviews />
    </div>
  );
}
