import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp, type Handlers } from '../../../test/render-app';

const emptyList = { body: { posts: [], nextCursor: null, total: 0 } };
const description = 'The handle on our casement window snapped at the spindle. It has two screws and no markings.';

async function openAsk(handlers: Handlers = {}) {
  const app = renderApp('/ask', { me: member, handlers: { 'GET /api/posts': emptyList, ...handlers } });
  const form = await screen.findByRole('form', { name: 'Ask a Question' });
  return { ...app, form };
}

describe('ask page', () => {
  it('sends visitors to sign in first', async () => {
    const { location } = renderApp('/ask');
    expect(await screen.findByText('Please sign in to ask a question')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('shows every field message at the limits, and toasts the first', async () => {
    const { form, user } = await openAsk();
    await user.type(within(form).getByLabelText('Title'), 'Too short');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste('x'.repeat(49));
    await user.click(within(form).getByRole('button', { name: 'Submit Question' }));

    expect(within(form).getByLabelText('Topic')).toHaveAccessibleDescription('Please select a topic');
    expect(within(form).getByLabelText('Topic')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription(
      expect.stringContaining('Title must be at least 10 characters'),
    );
    expect(within(form).getByLabelText('Description')).toHaveAccessibleDescription(
      expect.stringContaining('Description must be at least 50 characters'),
    );
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText('Please select a topic')).toHaveLength(2); // at the field and in the toast
  });

  it('accepts the limits themselves: a 10-character title and a 50-character description', async () => {
    let sent: unknown;
    const { form, user } = await openAsk({
      'POST /api/posts': (body) => ((sent = body), { status: 201, body: { id: 'p1', status: 'pending' } }),
    });
    await user.selectOptions(within(form).getByLabelText('Topic'), 'Doors');
    await user.type(within(form).getByLabelText('Title'), 'Ten chars!');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste('y'.repeat(50));
    await user.click(within(form).getByRole('button', { name: 'Submit Question' }));
    await waitFor(() => expect(sent).toMatchObject({ topic: 'doors', title: 'Ten chars!' }));
  });

  it('counts the description as it is typed', async () => {
    const { form, user } = await openAsk();
    expect(within(form).getByText('0/5000')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Description'), 'Hello');
    expect(within(form).getByText('5/5000')).toBeInTheDocument();
  });

  it('checks tags as they are added, and removes them', async () => {
    const { form, user } = await openAsk();
    const input = within(form).getByLabelText('Tags');
    const add = within(form).getByRole('button', { name: 'Add' });

    await user.click(add);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Tag cannot be empty'));
    await user.type(input, 'a{Enter}');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Tag must be between 2 and 30 characters'));
    await user.clear(input);
    await user.type(input, 'x'.repeat(31));
    await user.click(add);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Tag must be between 2 and 30 characters'));
    await user.clear(input);

    for (const tag of ['casement', 'handle', 'upvc', 'spindle', 'two-screw']) await user.type(input, `${tag}{Enter}`);
    expect(within(form).getAllByRole('button', { name: /^Remove tag / })).toHaveLength(5);
    expect(input).toHaveValue('');
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.type(input, 'Casement{Enter}');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Tag already added'));
    await user.clear(input);
    await user.type(input, 'brass{Enter}');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Maximum 5 tags allowed'));

    await user.click(within(form).getByRole('button', { name: 'Remove tag upvc' }));
    expect(within(form).queryByRole('button', { name: 'Remove tag upvc' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.click(add);
    expect(within(form).getByRole('button', { name: 'Remove tag brass' })).toBeInTheDocument();
    // Enter in the tag box never submits the question.
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });

  it('suggests tags in use while typing: Down and Up choose one, Enter adds it, Escape closes the list', async () => {
    const { form, user } = await openAsk({
      'GET /api/tags': {
        body: {
          tags: [
            { tag: 'casement', count: 5 },
            { tag: 'casement window', count: 2 },
            { tag: 'hinges', count: 4 },
          ],
        },
      },
    });
    const input = within(form).getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'case');
    const list = await within(form).findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['casement5', 'casement window2']);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getByRole('option', { name: /casement window/ })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: /casement window/ }).id,
    );
    await user.keyboard('{ArrowUp}{Enter}');
    expect(within(form).getByRole('button', { name: 'Remove tag casement' })).toBeInTheDocument();
    expect(input).toHaveValue('');

    // Added tags are not suggested again; Escape closes the list and Enter then adds what was typed.
    await user.type(input, 'case');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['casement window2']);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(within(form).getByRole('button', { name: 'Remove tag case' })).toBeInTheDocument();
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });

  it('submits the question and goes home', async () => {
    let sent: unknown;
    const { form, user, location } = await openAsk({
      'POST /api/posts': (body) => ((sent = body), { status: 201, body: { id: 'p1', status: 'pending' } }),
    });
    await user.selectOptions(within(form).getByLabelText('Topic'), 'Windows');
    await user.type(within(form).getByLabelText('Title'), '  Casement handle snapped: what is it?  ');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste(description);
    await user.type(within(form).getByLabelText('Tags'), 'casement{Enter}handle{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Submit Question' }));

    expect(await screen.findByText('Question submitted for review!')).toBeInTheDocument();
    expect(sent).toEqual({
      topic: 'windows',
      title: 'Casement handle snapped: what is it?',
      description,
      tags: ['casement', 'handle'],
      imageUploadIds: [],
      videoUploadId: null,
    });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows a field the server refused at that field', async () => {
    const message = 'Title must be less than 150 characters';
    const { form, user, location } = await openAsk({
      'POST /api/posts': { status: 400, body: { error: 'VALIDATION', message, field: 'title' } },
    });
    await user.selectOptions(within(form).getByLabelText('Topic'), 'Glazing');
    await user.type(within(form).getByLabelText('Title'), 'A perfectly fine title');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste(description);
    await user.click(within(form).getByRole('button', { name: 'Submit Question' }));

    expect(await screen.findByText('Failed to submit question')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(location()).toBe('/ask');
  });

  it('sends a member whose session ended to sign in', async () => {
    let signedIn = true;
    const { form, user, location } = await openAsk({
      'GET /api/me': () => ({ body: { me: signedIn ? member : null } }),
      'POST /api/posts': () => (
        (signedIn = false),
        { status: 401, body: { error: 'UNAUTHORIZED', message: 'Please sign in to continue' } }
      ),
    });
    await user.selectOptions(within(form).getByLabelText('Topic'), 'Screens');
    await user.type(within(form).getByLabelText('Title'), 'Screen spline size?');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste(description);
    await user.click(within(form).getByRole('button', { name: 'Submit Question' }));

    expect(await screen.findByText('Please sign in to submit a question')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('links to the photography guide', async () => {
    const { form } = await openAsk();
    expect(within(form).getByRole('link', { name: 'How to photograph hardware' })).toHaveAttribute(
      'href',
      '/resources/best-practices',
    );
  });
});
