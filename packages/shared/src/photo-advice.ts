/**
 * When a question's photos give neither a part nor a part number, the author is told what to photograph
 * next for the part family its words suggest (issue 24): the one thing that would settle which part it is.
 */
import type { Detection } from './posts.js';

export interface PhotoAdviceFamily {
  /** What the part is called in the advice. */
  family: string;
  /** Words in the question that suggest this family (whole words, lower case). */
  words: string[];
  /** What to photograph. */
  shoot: string;
}

/** First match wins: the more particular families before the general ones. */
export const PHOTO_ADVICE_FAMILIES: readonly PhotoAdviceFamily[] = [
  {
    family: 'casement operator',
    words: ['casement operator', 'awning operator', 'operator', 'crank', 'cranks', 'casement', 'awning'],
    shoot: 'the stamp under the arm (open the window fully and look beneath the operator arm)',
  },
  {
    family: 'sash lock',
    words: ['sash lock', 'cam lock', 'crescent', 'sweep lock', 'window lock', 'sash fastener'],
    shoot: 'the underside of the lock, unscrewed from the sash',
  },
  {
    family: 'patio door roller',
    words: ['roller', 'rollers', 'wheel', 'wheels', 'patio door', 'sliding door'],
    shoot: 'the roller itself, removed from the door, with its housing side on',
  },
  {
    family: 'window balance',
    words: ['balance', 'balances', 'spiral', 'sash weight', 'block and tackle'],
    shoot: 'the end of the balance, where its code or colour is stamped',
  },
  {
    family: 'hinge',
    words: ['hinge', 'hinges', 'stay', 'friction stay'],
    shoot: 'the hinge’s leaf laid flat, where the maker stamps its name and length',
  },
  {
    family: 'handle',
    words: ['handle', 'handles', 'lever', 'knob', 'espagnolette'],
    shoot: 'the back of the handle, with its spindle and screw holes',
  },
  {
    family: 'weatherstrip',
    words: ['weatherstrip', 'weather strip', 'seal', 'gasket', 'draught', 'draft', 'sweep'],
    shoot: 'a cut end of the seal, side on, next to a ruler',
  },
  {
    family: 'glass unit',
    words: ['glass', 'glazing', 'pane', 'igu', 'double glazed', 'foggy', 'misted'],
    shoot: 'a corner of the glass, where the spacer bar between the panes is printed',
  },
  {
    family: 'door closer',
    words: ['closer', 'closers', 'door closer'],
    shoot: 'the label on the closer’s body, or the stamp on its end cap',
  },
  {
    family: 'screen part',
    words: ['screen', 'spline', 'mesh'],
    shoot: 'the corner of the screen frame, and the spline pulled out a little',
  },
];

export const PHOTO_ADVICE_TEXT = {
  title: 'What would settle it',
  /** For a family the words suggest. */
  body: (family: string, shoot: string) =>
    `The AI found no part name or part number in your photos. For a ${family}, photograph ${shoot}: a stamp or number there tells which part it is.`,
  /** When the words suggest no family. */
  bodyGeneral:
    'The AI found no part name or part number in your photos. Photograph any label, stamp or number on the part, close and sharp: that tells which part it is.',
  addPhoto: 'Add a photo',
  adding: 'Adding…',
  added: 'Photo added: the AI is reading it.',
  failed: 'Could not add the photo. Please try again.',
} as const;

export interface PhotoAdvice {
  family: string | null;
  text: string;
}

const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** The family a question's words suggest (first match), or null. */
export function adviceFamily(title: string, description: string): PhotoAdviceFamily | null {
  const text = wordsOf(`${title} ${description}`);
  return PHOTO_ADVICE_FAMILIES.find((f) => f.words.some((w) => text.includes(` ${w} `))) ?? null;
}

/**
 * The advice for a question, or null: only once every photo's detection has run (none queued), when none
 * named a part and none read a part number.
 */
export function photoAdvice(post: {
  title: string;
  description: string;
  images: { detection: Pick<Detection, 'status' | 'object' | 'userConfirmedObject' | 'keyFeatures'> }[];
}): PhotoAdvice | null {
  if (post.images.length === 0) return null;
  const detections = post.images.map((i) => i.detection);
  if (detections.some((d) => d.status === 'queued' || d.status === 'off')) return null;
  const settled = detections.some(
    (d) =>
      d.object ||
      d.userConfirmedObject ||
      d.keyFeatures.some((f) => f.startsWith('part no. ') && !f.endsWith('(unsure)')),
  );
  if (settled) return null;
  const family = adviceFamily(post.title, post.description);
  return family
    ? { family: family.family, text: PHOTO_ADVICE_TEXT.body(family.family, family.shoot) }
    : { family: null, text: PHOTO_ADVICE_TEXT.bodyGeneral };
}
