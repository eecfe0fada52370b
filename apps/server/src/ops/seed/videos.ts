import type { PictureSpec } from './images.js';

// The demo's video guides: short clips shipped in ./videos (made once by scripts/make-seed-videos.ts),
// so Video Guides has something to show on a fresh start.

export interface SeedVideo {
  /** Base name of `videos/{file}.mp4` and its poster `videos/{file}.jpg`. */
  file: string;
  /** The post (by title) that carries it. */
  postTitle: string;
  seconds: number;
  picture: PictureSpec;
  steps: [string, string, string];
}

export const SEED_VIDEOS: SeedVideo[] = [
  {
    file: 'casement-crank',
    postTitle: 'Andersen casement crank stripped - which operator do I need?',
    seconds: 6,
    picture: { drawing: 'crank', finish: 'white', variant: 0 },
    steps: [
      'Pry off the cover and open the sash',
      'Unclip the arm from the sash track',
      'Unscrew the operator and compare',
    ],
  },
  {
    file: 'patio-door-roller',
    postTitle: 'Sliding patio door drags: roller or track problem?',
    seconds: 6,
    picture: { drawing: 'roller', finish: 'nickel', variant: 0 },
    steps: [
      'Lift the panel out of the track',
      'Check the wheel spins without wobble',
      'Measure wheel diameter and housing',
    ],
  },
  {
    file: 'storm-door-closer',
    postTitle: 'Storm door closer slams even with the adjustment screw all the way in',
    seconds: 6,
    picture: { drawing: 'closer', finish: 'white', variant: 0 },
    steps: [
      'Close the door and pull the hinge pin',
      'Turn the screw in a quarter at a time',
      'Still slams: the seal has gone',
    ],
  },
];
