import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { pageOf } from '../../features/posts/testing/post-fixtures';

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' });
const posts = { 'GET /api/posts': { body: pageOf([]) } };

describe('filtering the home list', () => {
  it('combines a Quick Filter with the topic and a Topic with the status, and Back undoes each', async () => {
    const { user, router, location } = renderApp('/?topic=doors&sort=votes', { handlers: posts });
    await user.click(within(sidebar()).getByRole('link', { name: 'Solved' }));
    expect(location()).toBe('/?topic=doors&filter=solved&sort=votes');
    await user.click(within(sidebar()).getByRole('link', { name: 'Windows' }));
    expect(location()).toBe('/?topic=windows&filter=solved&sort=votes');
    expect(within(sidebar()).getByRole('link', { name: 'Windows' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Solved' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(sidebar()).getByRole('link', { name: 'All Topics' }));
    expect(location()).toBe('/?filter=solved&sort=votes');

    await router.navigate(-1);
    expect(location()).toBe('/?topic=windows&filter=solved&sort=votes');
    await router.navigate(-1);
    expect(location()).toBe('/?topic=doors&filter=solved&sort=votes');
    await router.navigate(-1);
    expect(location()).toBe('/?topic=doors&sort=votes');
  });

  it('makes each dropdown change a history entry too', async () => {
    const { user, router, location } = renderApp('/', { handlers: posts });
    await user.selectOptions(await screen.findByLabelText('Status'), 'Open');
    await user.selectOptions(screen.getByLabelText('Topic'), 'Glazing');
    expect(location()).toBe('/?topic=glazing&filter=unsolved');
    await router.navigate(-1);
    expect(location()).toBe('/?filter=unsolved');
    await waitFor(() => expect(screen.getByLabelText('Topic')).toHaveDisplayValue('All Topics'));
    await router.navigate(-1);
    expect(location()).toBe('/');
  });

  it('starts from no filter when followed from another page', async () => {
    renderApp('/privacy?topic=doors', { handlers: posts });
    expect(within(sidebar()).getByRole('link', { name: 'Solved' })).toHaveAttribute('href', '/?filter=solved');
    expect(within(sidebar()).getByRole('link', { name: 'Screens' })).toHaveAttribute('href', '/?topic=screens');
  });
});
