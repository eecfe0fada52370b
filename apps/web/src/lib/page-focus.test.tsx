import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp } from '../test/render-app';

const ME = { handlers: { 'GET /api/posts': { body: { posts: [], nextCursor: null, total: 0 } } } };

describe('focus after a client-side navigation', () => {
  it("moves from the sidebar's link to the new page's heading", async () => {
    const { user } = renderApp('/', ME);
    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('link', { name: 'Best Practices' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /^Best Practices/ });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves from the user menu to the heading of the page it opened, once the page shows it', async () => {
    const { user } = renderApp('/', { ...ME, me: member });
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus alone on the first page and when only the query changes', async () => {
    const { router } = renderApp('/', ME);
    await screen.findByRole('heading', { level: 1, name: 'Community Discussions' });
    expect(document.body).toHaveFocus();
    await router.navigate('/?filter=solved');
    expect(document.body).toHaveFocus();
  });
});
