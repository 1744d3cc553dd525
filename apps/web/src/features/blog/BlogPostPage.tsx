import { BackLink } from '../../components/BackLink';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';

export default function BlogPostPage() {
  return (
    <Page title="Blog post not found" width="narrow">
      <BackLink label="Back to Blog" to="/blog" />
      <h1 className={`mt-6 ${ui.heading}`}>Blog post not found</h1>
    </Page>
  );
}
