/**
 * /lti/deep-linking/:linkId (issue 27.3): where a teacher lands from the learning platform's "select content"
 * (an LTI deep-linking request), signed in, to pick the module or program to link. The choice leaves Larmor
 * through the page that posts the signed response back to the platform.
 */
import { useParams } from 'react-router';
import { PageFrame } from '#ui/PageFrame.tsx';
import { DeepLinkPicker } from '../components/DeepLinkPicker.tsx';

export function DeepLinkingPage() {
  const { linkId = '' } = useParams();
  return (
    <PageFrame title="Link Larmor content">
      <DeepLinkPicker linkId={linkId} onChosen={(responseUrl) => window.location.assign(responseUrl)} />
    </PageFrame>
  );
}
