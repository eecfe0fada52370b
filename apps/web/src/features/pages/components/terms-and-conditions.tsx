import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DELETION_DAYS, LIABILITY_CAP_USD, MINIMUM_AGE, POLICY_LAST_UPDATED } from '../policy-constants';
import { useSiteName } from '../../../lib/public-config';
import './prose-page.css';

export function TermsAndConditions() {
  const siteName = useSiteName();
  return (
    <article className="prose-page">
      <h1 className="text-3xl font-semibold tracking-tight">Terms & Conditions</h1>
      <p className="text-muted">Last updated: {POLICY_LAST_UPDATED}</p>
      <p>
        These terms govern your use of {siteName}, a community forum for identifying and replacing window, door, screen
        and glazing hardware. By creating an account or using the forum you agree to them. If you do not agree, please
        do not use {siteName}.
      </p>

      <h2>1. Eligibility</h2>
      <p>
        You must be at least {MINIMUM_AGE} years old to create an account. If you are under the age of majority where
        you live, you may use {siteName} only with the permission of a parent or guardian.
      </p>

      <h2>2. Your account</h2>
      <p>
        You are responsible for keeping your password secure and for everything done through your account. Choose a
        username that does not impersonate another person or business. Tell us promptly if you believe your account has
        been used without your permission.
      </p>

      <h2>3. Community rules</h2>
      <ul>
        <li>Stay on topic: questions and answers about window, door, screen and glazing hardware.</li>
        <li>Be respectful. Harassment, hate speech and personal attacks are not allowed.</li>
        <li>No spam, undisclosed advertising or affiliate links.</li>
        <li>
          Do not post personal information, including your own street address, or photos that show people or identify a
          home's location.
        </li>
        <li>Only post photos and videos you took yourself or have permission to share.</li>
      </ul>

      <h2>4. Moderation</h2>
      <p>
        New questions are reviewed before they appear publicly. Moderators may approve, deny, edit the status of, or
        remove any content, and may suspend or ban accounts that break these terms, temporarily or permanently. Banned
        members cannot sign in or post while the ban lasts.
      </p>

      <h2>5. Your content</h2>
      <p>
        You keep ownership of what you post. By posting, you give {siteName} a worldwide, non-exclusive, royalty-free
        licence to host, display, reproduce and distribute that content on the forum and in related features such as
        search and similar question suggestions. This licence continues for content that remains on the forum after your
        account is deleted.
      </p>

      <h2>6. Advice is not professional advice</h2>
      <p>
        Answers on {siteName} come from community members, not from manufacturers or licensed professionals. Hardware
        identifications and repair suggestions may be wrong. Check compatibility before you buy parts, follow
        manufacturers' instructions, and take care with glass, springs, balances and work at height. Safety glazing and
        fire-rated doors may be subject to building codes: consult a qualified professional where they apply.
      </p>

      <h2>7. Acceptable use of the service</h2>
      <p>
        Do not attempt to disrupt the service, access accounts or data that are not yours, scrape the forum at a rate
        that degrades it for others, or get around rate limits, bans or security controls.
      </p>

      <h2>8. Disclaimer</h2>
      <p>
        {siteName} is provided "as is" and "as available", without warranties of any kind, whether express or implied,
        including warranties of merchantability, fitness for a particular purpose, accuracy and non-infringement.
      </p>

      <h2>9. Limitation of liability</h2>
      <p>
        To the fullest extent permitted by law, {siteName} and its operators are not liable for any indirect,
        incidental, special, consequential or punitive damages, or for lost profits, data or goodwill. Our total
        liability for any claim arising from or relating to the service is limited to {LIABILITY_CAP_USD} USD.
      </p>

      <h2>10. Ending your account</h2>
      <p>
        You may stop using {siteName} at any time and ask us to delete your account. Personal data linked to a deleted
        account is deleted within {DELETION_DAYS} days of account deletion, as described in our{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>. We may suspend or end accounts that violate these terms.
      </p>

      <h2>11. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. When we do, we will change the date at the top of this page.
        Continuing to use {siteName} after a change means you accept the updated terms.
      </p>

      <h2>12. Contact</h2>
      <p>
        Questions about these terms can be sent to the forum's administrators through the contact details on the forum.
      </p>
    </article>
  );
}
