// A module of its own: the home list, the cards, the bell and the post page are in the first load, and a bundle
// puts a whole module where its first reader is (the rest of what-is-new.ts is read by pages loaded later).

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The words the home list, the cards, the bell and the post page show. */
export const NEW_MARKERS_TEXT = {
  newReplies: (n: number) => `${n} new`,
  newRepliesLabel: (n: number) => `${plural(n, 'new reply', 'new replies')} since you last read it`,
  newDivider: 'New',
  newQuestions: (n: number) => plural(n, 'new question', 'new questions'),
  seeAll: 'See all notifications',
};
