import { Page } from '../../components/Page';
import { ui } from '../../components/ui';

export default function BlogListPage() {
  return (
    <Page title="Blog" description="Articles on security, encoding and image tools.">
      <h1 className={ui.heading}>Blog</h1>
      <p className={`mt-6 ${ui.muted}`}>No posts found.</p>
    </Page>
  );
}
