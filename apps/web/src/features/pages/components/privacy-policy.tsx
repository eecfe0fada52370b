import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DELETION_DAYS, MINIMUM_AGE, POLICY_LAST_UPDATED } from '../policy-constants';
import { useSiteName } from '../../../lib/public-config';
import './prose-page.css';

export function PrivacyPolicy() {
  const siteName = useSiteName();
  return (
    <article className="prose-page">
      <h1 className="text-3xl font-semibold tracking-tight">Privacy Policy</h1>
      <p className="text-muted">Last updated: {POLICY_LAST_UPDATED}</p>
      <p>
        {siteName} is a community forum where people help each other identify and replace window, door, screen and
        glazing hardware. This policy explains what information we collect when you use the forum, why we collect it,
        and the choices you have. We collect as little as we can and never sell personal data.
      </p>

      <h2>1. Information you give us</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your email address, a username and, if you sign in with a password, a
          securely hashed version of that password. If you sign in with Google, we receive your email address and basic
          profile details from Google.
        </li>
        <li>
          <strong>Profile details:</strong> an optional bio and an avatar (one of our preset pictures or an image you
          upload).
        </li>
        <li>
          <strong>Content:</strong> questions, replies, tags, photos and videos you post, and the links you share. Posts
          and replies are public once approved.
        </li>
        <li>
          <strong>Preferences:</strong> your email notification settings, and your light or dark theme choice, which is
          stored only in your own browser.
        </li>
      </ul>

      <h2>2. Information collected automatically</h2>
      <p>
        When you use {siteName} we record the basic technical information needed to run and protect the service: your IP
        address, browser type, the pages you request and when, and error reports. A session cookie keeps you signed in;
        it is marked httpOnly so scripts cannot read it. We do not use advertising or cross-site tracking cookies.
      </p>

      <h2>3. Photos and image analysis</h2>
      <p>
        Photos of hardware are often taken inside people's homes. When you upload an image we re-encode it and remove
        embedded metadata, including camera details and GPS location, before it is stored. An automated system examines
        each posted photo to suggest what the hardware is (for example, a casement operator or a sash lock) so similar
        questions can be found. Moderators can correct these suggestions.
      </p>

      <h2>4. How we use information</h2>
      <ul>
        <li>To provide the forum: showing your posts, replies, profile and notifications.</li>
        <li>To send the emails you ask for, such as replies to your questions or a password reset link.</li>
        <li>To moderate content, prevent spam and abuse, and enforce our Terms & Conditions.</li>
        <li>To keep the service secure, fix problems and understand how features are used in aggregate.</li>
      </ul>

      <h2>5. What other people can see</h2>
      <p>
        Your username, avatar, bio, public posts, replies and counts of posts and helpful replies are visible to
        everyone, including visitors who are not signed in. Your email address is never shown publicly; moderators and
        administrators can see it when managing accounts. Posts waiting for review, or denied, are visible only to you
        and to moderators.
      </p>

      <h2>6. Sharing</h2>
      <p>
        We do not sell or rent personal data. We share information only with service providers that help us run{' '}
        {siteName}
        (hosting, email delivery, and image analysis), under agreements that limit their use of it to that purpose, or
        when the law requires us to.
      </p>

      <h2>7. Retention and deletion</h2>
      <p>
        We keep your account information for as long as your account exists. When an account is deleted, we delete the
        personal data linked to it (email address, profile, avatar, votes, bookmarks, notifications and sessions) within{' '}
        {DELETION_DAYS} days of account deletion. Questions and replies you posted may remain so that discussions stay
        readable, but they are shown as written by an unknown member. Backups that contain deleted data are overwritten
        on a regular schedule.
      </p>

      <h2>8. Your choices and rights</h2>
      <ul>
        <li>
          You can update your username, bio, avatar and email notification preferences in Account Settings at any time.
        </li>
        <li>You can ask us for a copy of your personal data, or ask us to correct or delete it.</li>
        <li>Depending on where you live, you may have further rights under local data protection law.</li>
      </ul>

      <h2>9. Children</h2>
      <p>
        {siteName} is not intended for children. You must be at least {MINIMUM_AGE} years old to create an account. If
        we learn that we hold personal data of a child under {MINIMUM_AGE}, we will delete it.
      </p>

      <h2>10. Security</h2>
      <p>
        We protect data with encrypted connections, hashed passwords, httpOnly session cookies and a strict content
        security policy. No system is perfectly secure, so please use a unique password for your account.
      </p>

      <h2>11. Changes to this policy</h2>
      <p>
        If we make material changes we will update the date at the top of this page and, where appropriate, let members
        know by email or on the forum. Please also read our <Link to={paths.terms}>Terms & Conditions</Link>.
      </p>
    </article>
  );
}
