import type { PostStatus, Role, Topic } from '@fenestra/shared';
import type { Drawing, Finish } from './images.js';

// The demo community: who is here, what they asked and what others answered. Times are relative to the
// moment the seed runs, so the forum always looks alive; they spread over the last 90 days, with questions
// solved in each month, so the analytics page has a history to draw.

export interface SeedMember {
  username: string;
  email: string;
  bio: string;
  avatar?: string;
  role?: Role;
  joinedDaysAgo: number;
}

export interface SeedDetection {
  object: string;
  category: string;
  material: string;
  finish: string;
  confidence: number;
  features: string[];
  visibleText?: string;
}

export interface SeedImage {
  drawing: Drawing;
  finish: Finish;
  variant: number;
  detection?: SeedDetection;
}

export interface SeedReply {
  by: string;
  /** Hours after the post. */
  after: number;
  text: string;
  pinned?: boolean;
}

export interface SeedPost {
  by: string;
  topic: Topic;
  status: PostStatus;
  daysAgo: number;
  title: string;
  description: string;
  tags: string[];
  denialReason?: string;
  images?: SeedImage[];
  replies?: SeedReply[];
  likes: number;
  bookmarks: number;
}

export const ADMIN_EMAIL = 'admin@fenestra.local';
export const MODERATOR_EMAIL = 'moderator@fenestra.local';

export const MEMBERS: SeedMember[] = [
  {
    username: 'fenestra-admin',
    email: ADMIN_EMAIL,
    role: 'admin',
    joinedDaysAgo: 190,
    avatar: '🪟',
    bio: 'Site admin. Keeps the lights on and the spam out. Ask me about the forum, not about your windows.',
  },
  {
    username: 'marta_k',
    email: MODERATOR_EMAIL,
    role: 'moderator',
    joinedDaysAgo: 185,
    bio: 'Moderator. Ran the parts counter at a window and door supply house for 18 years. Bring me your mystery parts.',
  },
  {
    username: 'dave_in_duluth',
    email: 'dave.duluth@example.com',
    avatar: '🏠',
    joinedDaysAgo: 172,
    bio: '1962 ranch, original Andersen casements, long winters. Learning as I go.',
  },
  {
    username: 'glazier_gwen',
    email: 'gwen.glass@example.com',
    avatar: '🪟',
    joinedDaysAgo: 168,
    bio: 'Commercial and residential glazier, 15 years. IGUs, storefront, the odd leaded light.',
  },
  {
    username: 'oldhouse_otto',
    email: 'otto.bungalow@example.com',
    joinedDaysAgo: 160,
    bio: 'Restoring a 1924 bungalow one sash at a time. Linseed oil putty enthusiast.',
  },
  {
    username: 'patio_pete',
    email: 'pete.p@example.com',
    avatar: '🚪',
    joinedDaysAgo: 152,
    bio: 'Two sliders, one French door and a dog who hates all three.',
  },
  {
    username: 'screenqueen_lena',
    email: 'lena.screens@example.com',
    avatar: '🔧',
    joinedDaysAgo: 144,
    bio: 'I run a small screen repair shop. Spline, corners, pet mesh, retractables. Happy to help.',
  },
  {
    username: 'handyman_raj',
    email: 'raj.fixes@example.com',
    avatar: '🔨',
    joinedDaysAgo: 138,
    bio: 'Property maintenance for about 40 rentals. If it sticks, squeaks or drafts, I have seen it.',
  },
  {
    username: 'millwork_mike',
    email: 'mike.millwork@example.com',
    joinedDaysAgo: 131,
    bio: 'Retired millwork installer. 30 years hanging doors and setting windows.',
  },
  {
    username: 'condo_claire',
    email: 'claire.c@example.com',
    joinedDaysAgo: 121,
    bio: 'First-time owner of a 1990s condo. Trying to fix things before calling someone.',
  },
  {
    username: 'jbuilds',
    email: 'j.builds@example.com',
    joinedDaysAgo: 112,
    bio: 'Small GC, mostly remodels. I ask here before I order the wrong part twice.',
  },
  {
    username: 'northwind_nadia',
    email: 'nadia.north@example.com',
    joinedDaysAgo: 104,
    bio: 'Zone 7 winters. Weatherstripping is a personality trait at this point.',
  },
  {
    username: 'retired_ray',
    email: 'ray.locks@example.com',
    joinedDaysAgo: 97,
    bio: 'Locksmith for 35 years, now retired. Multipoints, mortise locks, finishes and keyways.',
  },
  {
    username: 'kiwi_tom',
    email: 'tom.kiwi@example.com',
    joinedDaysAgo: 24,
    bio: 'Just bought an old house. Everything is a surprise.',
  },
  {
    username: 'sophie-t',
    email: 'sophie.t@example.com',
    joinedDaysAgo: 2,
    bio: 'Renting a townhouse, landlord is slow, so here I am.',
  },
  {
    username: 'ana-renovates',
    email: 'ana.reno@example.com',
    joinedDaysAgo: 1,
    bio: 'Renovating a 1910 foursquare with my partner. Saving every original part we can.',
  },
  { username: 'bargain_bin_bob', email: 'bob.bargains@example.com', joinedDaysAgo: 5, bio: '' },
];

export const POSTS: SeedPost[] = [
  // ---------------------------------------------------------------- windows
  {
    by: 'dave_in_duluth',
    topic: 'windows',
    status: 'solved',
    daysAgo: 84,
    likes: 9,
    bookmarks: 6,
    title: 'Andersen casement crank stripped - which operator do I need?',
    description: `The crank on our kitchen casement just spins now. The handle itself looks fine, but the splines inside the operator are worn smooth, so I think the whole operator has to go.

The window is an Andersen, house built in 1962 but the windows were replaced at some point (maybe late 80s?). White, hinged on the left when you look at it from inside. The operator has a single arm that slides in a track on the bottom of the sash.

Photos attached. Is there a way to tell which operator this is without pulling the window apart?`,
    tags: ['andersen', 'casement', 'operator', 'crank'],
    images: [
      {
        drawing: 'crank',
        finish: 'white',
        variant: 0,
        detection: {
          object: 'Casement window operator',
          category: 'operator',
          material: 'zinc die-cast',
          finish: 'white painted',
          confidence: 0.92,
          features: ['splined drive shaft', 'folding crank handle', 'two-screw base', 'single arm'],
        },
      },
      { drawing: 'crank', finish: 'white', variant: 2 },
    ],
    replies: [
      {
        by: 'glazier_gwen',
        after: 3,
        pinned: true,
        text: `That is an Andersen Perma-Shield casement operator. For windows made after 1995 it is the "straight arm" version; before that it depends on whether the arm is split or single.

Open the sash fully, pop the screen, and look at the arm: single arm with a roller stud in a track = the older style. Andersen still sells a replacement kit for it, and so do the aftermarket guys (Truth makes a compatible one). Count the screw holes on the base and measure hole to hole; yours should be 2 holes about 2-3/4" apart.

Order the handle separately if your old one is fine. It comes off with the small set screw.`,
      },
      {
        by: 'millwork_mike',
        after: 9,
        text: 'Agree with Gwen. Also check the sill for a date stamp on the frame when you have the operator out, it helps when you order sash parts later. Andersen stamps it on the glass spacer too.',
      },
      {
        by: 'dave_in_duluth',
        after: 52,
        text: 'Ordered the kit, swapped it in 15 minutes. Two screws and it slid right out of the track once the sash was open. Thanks both!',
      },
    ],
  },
  {
    by: 'oldhouse_otto',
    topic: 'windows',
    status: 'open',
    daysAgo: 78,
    likes: 6,
    bookmarks: 7,
    title: 'Sash cord or spiral balances for 1920s double-hung windows?',
    description: `I have 14 original double-hung windows, weights still in the pockets but most of the cords were cut decades ago and somebody nailed the upper sashes shut.

I'd like to get them working again. Do I go back to cotton sash cord and the original pulleys, or is it worth switching to spiral balances? The pulleys are painted over but seem to turn.

Looking for experience from anyone who has done both.`,
    tags: ['double hung', 'sash weights', 'balances', 'restoration'],
    images: [{ drawing: 'balance', finish: 'nickel', variant: 3 }],
    replies: [
      {
        by: 'millwork_mike',
        after: 5,
        text: 'If the weights and pulleys are there, re-cord them. Cotton or poly-core cord lasts 50+ years, and you keep the pockets for insulation if you want to foam around the weight path later. Spiral balances make sense only when the weights are gone.',
      },
      {
        by: 'northwind_nadia',
        after: 20,
        text: 'Did this on 9 windows last fall. Get a pocket cover open, strip the paint from the pulley wheel so it turns freely, and use #7 cord. Took me about an hour per window once I had the routine.',
      },
      {
        by: 'oldhouse_otto',
        after: 40,
        text: 'Thanks. Sounds like re-cording wins. Does anyone know if the little cord knot is supposed to sit in a hole in the side of the sash or just get nailed?',
      },
      {
        by: 'glazier_gwen',
        after: 48,
        text: 'Knot goes in the round hole on the sash edge, then one small nail through the cord in the groove to keep it from pulling out. Do not nail it anywhere the cord travels over the pulley.',
      },
    ],
  },
  {
    by: 'condo_claire',
    topic: 'windows',
    status: 'solved',
    daysAgo: 70,
    likes: 5,
    bookmarks: 3,
    title: 'Cam sash lock no longer reaches the keeper',
    description: `My vinyl double-hung windows have the usual cam lock on the top of the lower sash. On two of them the lock turns but doesn't catch the keeper anymore; there's a gap of maybe 1/8 inch between them.

It used to work fine. Is the lock worn out or did the window move? Picture of the lock attached.`,
    tags: ['sash lock', 'double hung', 'vinyl'],
    images: [
      {
        drawing: 'sash-lock',
        finish: 'nickel',
        variant: 0,
        detection: {
          object: 'Cam-action sash lock',
          category: 'lock/latch',
          material: 'die-cast zinc',
          finish: 'satin nickel',
          confidence: 0.71,
          features: ['cam lever', 'separate keeper', 'two-screw mount'],
        },
      },
    ],
    replies: [
      {
        by: 'handyman_raj',
        after: 2,
        pinned: true,
        text: `Almost always the sashes moved, not the lock. Vinyl frames shift a bit with seasons, and if the meeting rails are not pulled together the cam will not reach.

Try pushing the upper sash up firmly while someone turns the lock. If it catches, the fix is to move the keeper about 1/8" toward the lock. Back the screws out, fill the old holes with a toothpick and glue, and re-drill. If the screws go into hollow vinyl, use the next size up.`,
      },
      {
        by: 'marta_k',
        after: 6,
        text: 'Also check the balances. A weak balance lets the upper sash drop slightly so the rails no longer line up.',
      },
      {
        by: 'condo_claire',
        after: 30,
        text: 'The upper sash had dropped about a quarter inch. Pushed it up, moved the keeper, works perfectly. Thank you!',
      },
    ],
  },
  {
    by: 'northwind_nadia',
    topic: 'windows',
    status: 'open',
    daysAgo: 65,
    likes: 8,
    bookmarks: 9,
    title: 'Spiral balance tube: what do the tip colour and numbers mean?',
    description: `Pulled a spiral balance out of a 1990s double-hung that won't stay up. There's a sticker that says 9/16 x 28 and the plastic end on the rod is red.

I get that 28 is probably the length, but what is 9/16 and does the red tip matter when I order a replacement? The sash is heavy-ish, maybe 20 lb.`,
    tags: ['spiral balance', 'double hung', 'balance spring'],
    images: [
      {
        drawing: 'balance',
        finish: 'bronze',
        variant: 1,
        detection: {
          object: 'Window spring',
          category: 'balance',
          material: 'aluminum',
          finish: 'unknown',
          confidence: 0.43,
          features: ['tube with label', 'twisted rod'],
          visibleText: '9/16 x 28 RED TIP',
        },
      },
      { drawing: 'balance', finish: 'nickel', variant: 2 },
    ],
    replies: [
      {
        by: 'millwork_mike',
        after: 7,
        text: `9/16 is the tube diameter, 28 is the tube length in inches. The tip colour is the spring weight rating, which is the important part. Manufacturers differ, but red usually means a stronger rating than white or yellow.

Order by tube diameter, tube length and colour code from the same maker, or weigh the sash and order by weight. Do both sides at once.`,
      },
      {
        by: 'screenqueen_lena',
        after: 30,
        text: 'I keep a chart from one of the big balance suppliers at the shop, and their red is around 18-22 lb for a 28" tube. Weigh the sash on a bathroom scale to be sure.',
      },
    ],
  },
  {
    by: 'jbuilds',
    topic: 'windows',
    status: 'solved',
    daysAgo: 58,
    likes: 4,
    bookmarks: 2,
    title: 'Pella casement operator: dual arm or single arm?',
    description: `Client has Pella casements from around 2001, crank is binding on three of them. I want to order the right operators before I pull anything.

Is there a quick way to tell dual arm from single arm without removing the interior screen and the operator cover? The cover is that clip-on beige one.`,
    tags: ['pella', 'casement', 'operator'],
    replies: [
      {
        by: 'marta_k',
        after: 4,
        pinned: true,
        text: `Crank the sash halfway open and look at the sash bottom from outside. Dual arm operators have two arms meeting the sash: one short arm to a pivot bracket and one long arm into a track. Single arm has just the one arm in a track.

Pella of that vintage is mostly dual arm on windows wider than about 24". Also note left or right hand: stand inside, and if the hinge is on the left it is a left-hand operator. Pella's own parts line will ask you for the window's serial number, which is etched in the glass corner.`,
      },
      {
        by: 'jbuilds',
        after: 28,
        text: 'Dual arm, left and right. Serial number on the glass sorted it. Thanks Marta.',
      },
    ],
  },
  {
    by: 'dave_in_duluth',
    topic: 'windows',
    status: 'open',
    daysAgo: 40,
    likes: 3,
    bookmarks: 2,
    title: 'Casement closes but leaves a gap at the top corner',
    description: `Different window from my crank question. This one closes and the lock engages, but the top corner on the latch side stays open about 1/4" and I can feel a draft.

It's a single lock handle near the bottom. Is there a second lock point I'm missing, or do I need to adjust the hinges? The weatherstrip looks fine.`,
    tags: ['casement', 'weatherstrip', 'draft'],
    images: [{ drawing: 'crank', finish: 'bronze', variant: 1 }],
    replies: [
      {
        by: 'glazier_gwen',
        after: 10,
        text: 'A lot of older casements only have one lock point, and taller sashes warp at the top. Some makers sold a "tie bar" kit that links the lock to a second keeper up top. Worth checking if your model had one.',
      },
      {
        by: 'handyman_raj',
        after: 26,
        text: 'Before that, check the hinge track screws at the top. If they are loose the sash hangs slightly and the top corner kicks out. Cheap fix to try first.',
      },
    ],
  },
  {
    by: 'sophie-t',
    topic: 'windows',
    status: 'pending',
    daysAgo: 1.5,
    likes: 0,
    bookmarks: 0,
    title: 'Tilt latch snapped on a vinyl double hung, no brand on the window',
    description: `One of the little spring latches at the top of the lower sash (the ones you slide to tilt the sash in) broke off. There's no brand anywhere on the frame that I can see.

The latch is about 2-1/2 inches long and the sash is white vinyl. How do I find a replacement?`,
    tags: ['tilt latch', 'vinyl', 'double hung'],
    images: [{ drawing: 'sash-lock', finish: 'white', variant: 2 }],
  },
  {
    by: 'handyman_raj',
    topic: 'windows',
    status: 'solved',
    daysAgo: 50,
    likes: 6,
    bookmarks: 5,
    title: 'Tilt-in sash drops after replacing the balance shoes',
    description: `Replaced both balance shoes (the cam type) on a tilt-in vinyl window in one of my rentals. Now the lower sash won't stay up; it slides down as soon as I let go.

The balances themselves look fine. Did I put the shoes in wrong?`,
    tags: ['balance shoe', 'tilt-in', 'double hung'],
    images: [{ drawing: 'balance', finish: 'almond', variant: 4 }],
    replies: [
      {
        by: 'millwork_mike',
        after: 3,
        pinned: true,
        text: `Nine times out of ten the shoes were not locked. With the sash out, the cam in the shoe has to be turned so the opening faces up, then the sash pivot bars drop into it and you tilt the sash up to lock the cam.

If you set the shoes with the cam turned the wrong way the balance is not engaged, so the sash just slides. Lower the shoes to about 9" above the sill, use a flat screwdriver to rotate each cam 90 degrees to unlock, then reinstall the sash.`,
      },
      { by: 'handyman_raj', after: 20, text: 'That was it. One cam was turned sideways. Good as new.' },
      { by: 'retired_ray', after: 24, text: 'Good reminder. I bent a few pivot bars learning that one.' },
    ],
  },
  {
    by: 'condo_claire',
    topic: 'windows',
    status: 'open',
    daysAgo: 12,
    likes: 2,
    bookmarks: 3,
    title: 'Awning window chain operator - is this a Truth part?',
    description: `Bathroom awning window, the crank turns but the window barely opens. There's a small chain that comes out of the operator and attaches to the sash.

I can see "TRUTH" cast into the base but no part number. Do these chain operators come in different chain lengths?`,
    tags: ['awning', 'operator', 'truth'],
    replies: [
      {
        by: 'marta_k',
        after: 5,
        text: 'Yes, Truth made chain winders in several chain lengths and base heights. Measure the base length and how far the chain reaches when the window is fully open. A photo of the underside would help.',
      },
    ],
  },
  {
    by: 'oldhouse_otto',
    topic: 'windows',
    status: 'open',
    daysAgo: 6,
    likes: 1,
    bookmarks: 1,
    title: 'Sash pulley faceplate sizes: 1-3/4 inch or 2-1/4 inch?',
    description: `A few of my original sash pulleys are cracked and I want to replace them with the same size so I don't have to enlarge the mortise. The faceplate is 1-3/4 x 4 inches and the wheel looks like 2 inches.

Are these sold by faceplate size or wheel size? Any sources for the round-end faceplate style?`,
    tags: ['sash pulley', 'restoration'],
  },
  {
    by: 'retired_ray',
    topic: 'windows',
    status: 'solved',
    daysAgo: 5,
    likes: 7,
    bookmarks: 8,
    title: 'Keyed window lock for a second-floor child safety setup?',
    description: `My daughter's new house has a toddler and second floor double-hungs. She wants locks that need a key to open past 4 inches.

I know door locks better than window hardware. What do you all use: keyed sash locks, window stops or limit devices?`,
    tags: ['child safety', 'window stop', 'double hung'],
    replies: [
      {
        by: 'handyman_raj',
        after: 6,
        pinned: true,
        text: `For double-hungs I install vent stops: small spring-loaded stops that screw into the side jamb above the lower sash. They let it open about 4" and release with a push button an adult can reach. No key to lose, which matters if the window is an emergency exit.

Keyed sash locks are fine too, but check your local code for bedroom egress. Most places require that a bedroom window opens without a key or special knowledge.`,
      },
      { by: 'retired_ray', after: 30, text: 'Good point on egress. Vent stops it is. Thanks.' },
    ],
  },
  {
    by: 'kiwi_tom',
    topic: 'windows',
    status: 'denied',
    daysAgo: 20,
    likes: 0,
    bookmarks: 0,
    title: 'Best window company in Ohio?? Need quotes ASAP',
    description:
      'Need all new windows in my house in Columbus Ohio, who is the best company to call? Please send me quotes or phone numbers, need this done before winter.',
    tags: ['quotes'],
    denialReason:
      'Requests for contractor recommendations and quotes are off-topic here. Please ask about identifying or replacing a specific part.',
  },
  {
    by: 'kiwi_tom',
    topic: 'windows',
    status: 'open',
    daysAgo: 3,
    likes: 2,
    bookmarks: 1,
    title: 'Casement hinge arm bent after a storm',
    description: `A gust caught my casement while it was open and now the top hinge arm is bent. The sash still closes but it rubs on the frame at the top.

It's a stainless steel hinge that runs in a track. Can I straighten it or does it need replacing? The window is probably 15-20 years old.`,
    tags: ['casement', 'hinge'],
    replies: [
      {
        by: 'millwork_mike',
        after: 4,
        text: 'Replace it. Bent hinge arms never straighten true and the sash will keep rubbing. Measure the track length (usually 10", 12", 14" or 16") and note whether the hinge is for a standard or egress window.',
      },
      {
        by: 'glazier_gwen',
        after: 18,
        text: 'Check the bottom hinge too while you have the sash off. A gust that bends the top one often stresses the bottom track screws.',
      },
    ],
  },

  // ---------------------------------------------------------------- doors
  {
    by: 'patio_pete',
    topic: 'doors',
    status: 'solved',
    daysAgo: 88,
    likes: 12,
    bookmarks: 10,
    title: 'Sliding patio door drags: roller or track problem?',
    description: `Our 1990s vinyl sliding door has gotten really hard to open. It grinds at one end and I need two hands now.

The bottom track looks OK to me, no big dents. I pulled the door and found these rollers at the bottom. One wheel barely turns. Are these replaceable by themselves, and how do I find the right size?`,
    tags: ['patio door', 'roller', 'sliding door'],
    images: [
      {
        drawing: 'roller',
        finish: 'nickel',
        variant: 0,
        detection: {
          object: 'Patio door roller assembly',
          category: 'roller',
          material: 'steel housing, nylon wheels',
          finish: 'zinc plated',
          confidence: 0.93,
          features: ['tandem wheels', 'height adjustment screw', 'ball bearings'],
        },
      },
      { drawing: 'roller', finish: 'white', variant: 1 },
    ],
    replies: [
      {
        by: 'handyman_raj',
        after: 2,
        pinned: true,
        text: `Yes, the roller assembly is replaceable on its own. Measure three things: housing length, housing width, and wheel diameter. Also note whether the wheels are nylon or steel, and where the adjustment screw sits (end or side).

Tandem steel ball-bearing rollers last much longer than the nylon ones. Before you reinstall, clean the track with a vacuum and a stiff brush, and if the track cap is worn there are snap-on stainless caps for that too.`,
      },
      {
        by: 'screenqueen_lena',
        after: 8,
        text: 'Bring the old roller to a window parts store and they can match it on the counter in two minutes. Much easier than guessing from catalogue pictures.',
      },
      {
        by: 'patio_pete',
        after: 72,
        text: 'Found an exact match by measurements. New rollers plus a cleaned track and it glides with one finger. Marking as solved.',
      },
      { by: 'northwind_nadia', after: 96, text: 'Bookmarking this. Mine is going the same way.' },
    ],
  },
  {
    by: 'patio_pete',
    topic: 'doors',
    status: 'open',
    daysAgo: 35,
    likes: 4,
    bookmarks: 5,
    title: 'Replacement roller for a 1980s aluminum slider, no markings',
    description: `Second slider in the house, older aluminum frame. The rollers are single wheel, brass coloured, in a steel housing with no part number anywhere.

Housing is 1 x 3-3/4 inches, wheel about 1-1/4 inch. Does anyone recognise it or know a universal replacement?`,
    tags: ['patio door', 'roller', 'aluminum'],
    images: [{ drawing: 'roller', finish: 'brass', variant: 3 }],
    replies: [
      {
        by: 'marta_k',
        after: 12,
        text: 'That size was very common on aluminum sliders from that era. Several suppliers sell a "universal" 1" housing roller with a brass-coloured steel wheel. Check whether the adjustment screw is on the end or on the face before ordering.',
      },
      {
        by: 'jbuilds',
        after: 50,
        text: 'If the frame edge is bent where the roller sits, straighten it before fitting new rollers or they will wear out in a year.',
      },
    ],
  },
  {
    by: 'jbuilds',
    topic: 'doors',
    status: 'solved',
    daysAgo: 75,
    likes: 8,
    bookmarks: 7,
    title: 'Multipoint lock gearbox failed, how do I find the right one?',
    description: `Fiberglass entry door, about 10 years old, with a multipoint lock: handle lifts up to throw hooks top and bottom. The handle now spins freely when lifted and nothing locks.

I'm guessing the center gearbox broke. There's a long faceplate on the door edge with several latches. How do I identify the gearbox without ordering the whole lock?`,
    tags: ['multipoint lock', 'entry door', 'gearbox'],
    replies: [
      {
        by: 'retired_ray',
        after: 3,
        pinned: true,
        text: `Take the handles off and slide the whole faceplate assembly out of the door edge. The gearbox is the middle case; the brand and model are almost always stamped on it (Hoppe, G-U, Ferco, Winkhaus, Fuhr are the usual ones on fiberglass doors).

You need: backset (center of the spindle to the faceplate edge), the distance between the spindle and the cylinder (PZ distance, e.g. 92 mm or 72 mm), faceplate width, and whether it is lift-to-lock or key-to-lock. With those, most suppliers sell just the gearbox.`,
      },
      { by: 'jbuilds', after: 20, text: 'Hoppe, 45 mm backset, 92 mm PZ. Ordered the gearbox alone. Thanks Ray.' },
      {
        by: 'millwork_mike',
        after: 26,
        text: 'Put a little dry lube on the hooks before it goes back in. Most of these die from people forcing a dry lock.',
      },
    ],
  },
  {
    by: 'northwind_nadia',
    topic: 'doors',
    status: 'solved',
    daysAgo: 60,
    likes: 10,
    bookmarks: 8,
    title: 'Storm door closer slams even with the adjustment screw all the way in',
    description: `Our storm door slams shut no matter how I turn the little screw at the end of the closer. It used to close slowly and quietly.

It's a white pneumatic closer with a rod and a washer to hold it open. Do I need a new closer or is there something else to adjust?`,
    tags: ['storm door', 'closer'],
    images: [
      {
        drawing: 'closer',
        finish: 'white',
        variant: 0,
        detection: {
          object: 'Storm door closer',
          category: 'closer',
          material: 'aluminum',
          finish: 'white painted',
          confidence: 0.74,
          features: ['pneumatic cylinder', 'hold-open washer', 'jamb bracket'],
        },
      },
      { drawing: 'closer', finish: 'black', variant: 1 },
    ],
    replies: [
      {
        by: 'handyman_raj',
        after: 5,
        pinned: true,
        text: `If turning the screw changes nothing, the seal in the cylinder is gone and the closer cannot build air pressure. Replace it; they are cheap and universal for most storm doors.

Buy one with the same bracket spacing or just replace both brackets too. Set the speed screw halfway, then adjust in quarter turns. In very cold weather they slow down, so set it a little fast in winter.`,
      },
      {
        by: 'patio_pete',
        after: 30,
        text: 'Same thing happened on ours. Some brands sell a "heavy duty" version for the top of taller doors; worth it if the door catches wind.',
      },
      { by: 'northwind_nadia', after: 52, text: 'New closer installed, closes slowly again. Thanks!' },
    ],
  },
  {
    by: 'condo_claire',
    topic: 'doors',
    status: 'open',
    daysAgo: 25,
    likes: 3,
    bookmarks: 4,
    title: 'Matching interior door hinges: 3-1/2 inch with 5/8 radius?',
    description: `I want to replace the builder brass hinges in the condo with satin nickel ones. Measured one: 3-1/2 inches tall, rounded corners.

What does "5/8 radius" mean and how do I check which radius I have? I don't want to chisel out every door.`,
    tags: ['hinges', 'interior door', 'finish'],
    images: [
      {
        drawing: 'hinge',
        finish: 'brass',
        variant: 0,
        detection: {
          object: 'Butt hinge',
          category: 'hinge',
          material: 'steel',
          finish: 'polished brass',
          confidence: 0.94,
          features: ['5 knuckles', 'rounded corners', 'removable pin', '3 screw holes per leaf'],
        },
      },
      { drawing: 'hinge', finish: 'nickel', variant: 2 },
    ],
    replies: [
      {
        by: 'millwork_mike',
        after: 6,
        text: 'The radius is the size of the rounded corner. Put a quarter on the corner: if the coin matches the curve almost exactly, that is 1/2". If the curve is a bit bigger than the coin, it is 5/8". Most builder doors are 5/8" these days. Square corners are a third option.',
      },
      {
        by: 'retired_ray',
        after: 20,
        text: 'Also check the leaf thickness. Cheap builder hinges are thinner than residential grade, so new ones may need a tiny bit more mortise depth.',
      },
      { by: 'condo_claire', after: 40, text: 'Quarter trick worked, it is 5/8. Ordering a box now.' },
    ],
  },
  {
    by: 'dave_in_duluth',
    topic: 'doors',
    status: 'solved',
    daysAgo: 45,
    likes: 6,
    bookmarks: 4,
    title: 'Front door sags and rubs at the top on the latch side',
    description: `Our front door now scrapes the frame at the top corner on the latch side and the deadbolt needs a push to line up. Started this winter.

Hinges look tight. Do I need to plane the door or is there another fix?`,
    tags: ['entry door', 'hinges', 'sagging'],
    images: [{ drawing: 'hinge', finish: 'bronze', variant: 4 }],
    replies: [
      {
        by: 'millwork_mike',
        after: 4,
        pinned: true,
        text: `Don't plane yet. Take one screw out of the top hinge, jamb side (the one closest to the stop), and drive a 3" screw in its place so it bites into the framing behind the jamb. Snug it and the door pulls up and back toward the hinge side.

If that is not quite enough, do the same on the middle hinge. Planing is the last resort, and you have to reseal the edge after.`,
      },
      { by: 'dave_in_duluth', after: 22, text: 'One 3" screw in the top hinge and the gap is even again. Unreal.' },
    ],
  },
  {
    by: 'ana-renovates',
    topic: 'doors',
    status: 'pending',
    daysAgo: 0.6,
    likes: 0,
    bookmarks: 0,
    title: 'Identify this old mortise lock on a 1910 interior door',
    description: `We're stripping paint off the original doors and found mortise locks with the face stamped with a little shield logo and "PAT APLD". Skeleton key, knob spindle is square.

Is it worth having these rebuilt, and where would I find a replacement spring if one is broken?`,
    tags: ['mortise lock', 'antique', 'restoration'],
  },
  {
    by: 'kiwi_tom',
    topic: 'doors',
    status: 'open',
    daysAgo: 8,
    likes: 1,
    bookmarks: 0,
    title: "Storm door latch won't catch the strike",
    description: `The storm door closes but the latch bounces off the strike instead of catching. I have to pull it shut by hand.

The strike plate has slotted holes. Is there an adjustment or is the latch worn out?`,
    tags: ['storm door', 'latch', 'strike'],
    replies: [
      {
        by: 'handyman_raj',
        after: 14,
        text: 'Loosen the strike screws and slide it toward the latch, then tighten. If the closer is set too fast the door can also bounce off before it latches. Slow it down a little.',
      },
    ],
  },
  {
    by: 'handyman_raj',
    topic: 'doors',
    status: 'open',
    daysAgo: 15,
    likes: 2,
    bookmarks: 2,
    title: 'Bypass closet door floor guide: replacement for a nylon guide',
    description: `Apartment closet with two bypass doors. The floor guide (a small nylon piece with two slots) is cracked and the doors swing in and out at the bottom.

The old one is unbranded. Is there a standard size, or should I just use an adjustable guide?`,
    tags: ['closet door', 'floor guide', 'bypass door'],
    replies: [
      {
        by: 'jbuilds',
        after: 6,
        text: 'I use the adjustable ones with a metal base on every job now. They fit 1-3/8" and 1-3/4" doors and hold up better than the nylon-only guides.',
      },
      {
        by: 'marta_k',
        after: 30,
        text: 'Check the door bottoms for a kerf or groove. Some guides ride in a groove and others straddle the door faces; make sure you buy the right type.',
      },
    ],
  },
  {
    by: 'bargain_bin_bob',
    topic: 'doors',
    status: 'denied',
    daysAgo: 4,
    likes: 0,
    bookmarks: 0,
    title: 'Selling a big lot of new old stock door and window hardware',
    description:
      "Cleaning out my uncle's shop. Boxes of hinges, sash locks, rollers, closers, all new in package. Make me an offer, message me for pictures and prices, cash only.",
    tags: ['for sale'],
    denialReason: 'Sales listings are not allowed. Fenestra is for questions about identifying and replacing hardware.',
  },

  // ---------------------------------------------------------------- screens
  {
    by: 'condo_claire',
    topic: 'screens',
    status: 'solved',
    daysAgo: 80,
    likes: 7,
    bookmarks: 9,
    title: 'What size spline do I need? The old one is brittle and cracked',
    description: `Rescreening my balcony door screen for the first time. The old spline crumbles when I pull it out, so I can't really measure it.

The groove in the frame looks narrow. There are like six sizes at the hardware store. How do I choose?`,
    tags: ['spline', 'rescreen', 'screen door'],
    images: [
      {
        drawing: 'screen-corner',
        finish: 'almond',
        variant: 0,
        detection: {
          object: 'Screen spline',
          category: 'screen part',
          material: 'vinyl',
          finish: 'black',
          confidence: 0.68,
          features: ['coiled spline', 'corner key', 'extruded frame channel'],
        },
      },
    ],
    replies: [
      {
        by: 'screenqueen_lena',
        after: 2,
        pinned: true,
        text: `Take a short piece of the old spline that is still intact and roll it between your fingers to get the diameter; even cracked it is usually measurable with calipers. The common sizes are .125, .140, .160 and .175.

No calipers? Buy the two sizes closest to what you think and test a few inches in the groove with the screen in place. The right one needs a firm push with the roller but should not need you to lean on it. Too loose and the screen pops out in the first windy day.`,
      },
      { by: 'condo_claire', after: 48, text: '.140 was right. Took two tries but the screen is tight as a drum now.' },
    ],
  },
  {
    by: 'dave_in_duluth',
    topic: 'screens',
    status: 'open',
    daysAgo: 55,
    likes: 3,
    bookmarks: 2,
    title: 'Screen frame corners cracked: are corner keys sold separately?',
    description: `Several window screens have cracked plastic corners and the frames are coming apart. The frames are rolled aluminum, about 5/16 inch thick.

Can I buy just the corners, or do I need to rebuild the whole frame?`,
    tags: ['screen frame', 'corner key'],
    images: [{ drawing: 'screen-corner', finish: 'white', variant: 1 }],
    replies: [
      {
        by: 'screenqueen_lena',
        after: 4,
        text: 'Corners are sold separately. Match the frame size (5/16 or 7/16) and the frame profile: rolled-formed frames take a different key than extruded ones. Bring a corner to the store if you can.',
      },
      {
        by: 'northwind_nadia',
        after: 28,
        text: 'If the frames are also bent, a frame kit with new aluminum and corners is not much more money.',
      },
      {
        by: 'dave_in_duluth',
        after: 60,
        text: 'Mine are 5/16 rolled. Found corners in a pack of 20, doing all of them this weekend.',
      },
    ],
  },
  {
    by: 'northwind_nadia',
    topic: 'screens',
    status: 'solved',
    daysAgo: 24,
    likes: 5,
    bookmarks: 6,
    title: 'Pet-resistant screen in a standard frame: does the spline size change?',
    description: `Our cat has shredded the screen door twice. I want to switch to pet-resistant mesh, which is a lot thicker than the fibreglass stuff.

Will my existing spline still work or do I need a smaller one because of the thicker screen?`,
    tags: ['pet screen', 'spline'],
    replies: [
      {
        by: 'screenqueen_lena',
        after: 3,
        pinned: true,
        text: 'Go one size smaller. Pet screen is roughly twice as thick, so if you used .160 before, try .140. Use a convex roller first to press the mesh into the groove, then the concave roller for the spline. And leave extra mesh overhang; it does not stretch like fibreglass.',
      },
      { by: 'northwind_nadia', after: 40, text: 'One size smaller worked. The cat is unimpressed.' },
    ],
  },
  {
    by: 'jbuilds',
    topic: 'screens',
    status: 'open',
    daysAgo: 22,
    likes: 2,
    bookmarks: 3,
    title: 'Retractable screen door cassette cracked, brand unknown',
    description: `Client has a retractable screen door on a French door; the housing (cassette) on the hinge side cracked and the mesh no longer rolls back.

No label on the housing. Is it usually possible to buy just the cassette or is it a full replacement?`,
    tags: ['retractable screen', 'french door'],
    replies: [
      {
        by: 'screenqueen_lena',
        after: 9,
        text: 'Most brands sell the cassette as a part, but without a brand it is hard. Look inside the top cap and on the bottom track for a sticker or a stamped name. If nothing, measure the cassette height and width and the track profile, and send pictures to a couple of suppliers.',
      },
    ],
  },
  {
    by: 'oldhouse_otto',
    topic: 'screens',
    status: 'open',
    daysAgo: 10,
    likes: 4,
    bookmarks: 3,
    title: 'Wooden screen door: spring hinges or regular hinges plus a closer?',
    description: `Building a new wooden screen door for the back porch to match the house. The old one had a long coil spring from the door to the frame that slammed every time.

Is it better to use spring hinges, or regular hinges and a small pneumatic closer? I want it to close, but not bang.`,
    tags: ['screen door', 'spring hinges', 'closer'],
    images: [{ drawing: 'hinge', finish: 'black', variant: 1 }],
    replies: [
      {
        by: 'millwork_mike',
        after: 8,
        text: 'Spring hinges plus a small closer is the best of both. The hinges do the pulling and the closer keeps it from slamming. Use three hinges on a wooden screen door so it does not rack.',
      },
      {
        by: 'retired_ray',
        after: 36,
        text: 'Black spring hinges with a tension pin look right on an old house. Set the tension low and let the closer do the final inch.',
      },
    ],
  },
  {
    by: 'sophie-t',
    topic: 'screens',
    status: 'pending',
    daysAgo: 0.9,
    likes: 0,
    bookmarks: 0,
    title: 'Sliding screen door rollers keep popping out of the track',
    description: `The sliding screen door on my patio falls off the track every few days. I looked at the bottom and the rollers seem loose in the frame.

Is there a screw to tighten them, or do I need new rollers? Rental, so I want a cheap fix I can put back.`,
    tags: ['screen door', 'roller'],
    images: [{ drawing: 'roller', finish: 'black', variant: 2 }],
  },
  {
    by: 'handyman_raj',
    topic: 'screens',
    status: 'solved',
    daysAgo: 13,
    likes: 3,
    bookmarks: 4,
    title: 'Window screen tension springs: what are these called?',
    description: `Some of my rental units have window screens held in with little springs on one side instead of pull tabs. A few of the springs are missing so the screens fall out.

What are these called so I can order them?`,
    tags: ['window screen', 'screen clips'],
    replies: [
      {
        by: 'screenqueen_lena',
        after: 2,
        pinned: true,
        text: 'Those are screen tension springs, usually sold by the length (1-3/8", 2", 2-1/2"). Count how many are on the other screens in that unit and match the length. They push into a slot in the frame; no tools needed.',
      },
      { by: 'handyman_raj', after: 16, text: 'Got a bag of 100. Should last me a while.' },
    ],
  },

  // ---------------------------------------------------------------- glazing
  {
    by: 'oldhouse_otto',
    topic: 'glazing',
    status: 'solved',
    daysAgo: 86,
    likes: 8,
    bookmarks: 6,
    title: 'Glazing beads on a vinyl window: which way do they come out?',
    description: `The garage has a newer vinyl window with a cracked pane. I think the glass is held by snap-in glazing beads on the inside, but I'm scared to break them.

Attached a sketch of the frame profile as well as I can draw it. Which direction do I pry?`,
    tags: ['glazing bead', 'vinyl', 'glass replacement'],
    images: [
      {
        drawing: 'profile',
        finish: 'almond',
        variant: 4,
        detection: {
          object: 'Window frame profile',
          category: 'other',
          material: 'PVC',
          finish: 'white',
          confidence: 0.41,
          features: ['multi-chamber extrusion', 'glazing bead', 'insulated glass unit'],
        },
      },
    ],
    replies: [
      {
        by: 'glazier_gwen',
        after: 2,
        pinned: true,
        text: `Start with the long beads, never the short ones first. Slide a stiff putty knife into the joint between the bead and the sash at the middle of the bead, and tap it in with your palm. Then twist gently toward the glass: the bead has a barb that comes out of the sash groove.

Once the middle is out, work toward the corners. Remove the top bead last so the glass cannot fall. Mark each bead (top, bottom, left, right); they are cut to length and go back in the same place. Replacement beads are available if you snap one, but you must match the profile.`,
      },
      {
        by: 'oldhouse_otto',
        after: 26,
        text: 'Came out clean, no broken beads. Glass shop made a new unit from my measurements.',
      },
    ],
  },
  {
    by: 'dave_in_duluth',
    topic: 'glazing',
    status: 'open',
    daysAgo: 28,
    likes: 5,
    bookmarks: 6,
    title: 'Foggy double pane: replace the glass unit or the whole sash?',
    description: `Two of our casement sashes have fog between the panes that never goes away. The windows themselves work fine.

Is it realistic to replace just the glass unit in a casement sash, or is it easier to order a whole new sash from the manufacturer?`,
    tags: ['igu', 'fogged glass', 'casement'],
    replies: [
      {
        by: 'glazier_gwen',
        after: 5,
        text: 'Depends on the sash. If the glass is held by removable stops or beads, a glass shop can make an IGU and you swap it. If it is a wood sash where the glass is bedded and stapled in, a new sash from the manufacturer is usually cheaper than the labor.',
      },
      {
        by: 'marta_k',
        after: 22,
        text: 'Look for a warranty too. Some makers cover seal failures for 20 years, and the etched code in the glass corner tells them the date.',
      },
      {
        by: 'dave_in_duluth',
        after: 70,
        text: 'Warranty ran out last year of course. Going to have a glass shop look at it.',
      },
    ],
  },
  {
    by: 'millwork_mike',
    topic: 'glazing',
    status: 'solved',
    daysAgo: 62,
    likes: 4,
    bookmarks: 5,
    title: 'Glazier points vs push points for reglazing old wood sash',
    description: `Reglazing a batch of old sash for a customer. I've always used the little triangle points with a driver, but I see push points with ears recommended a lot now.

Any real difference in how they hold or how easy they are to remove later?`,
    tags: ['glazier points', 'wood sash', 'putty'],
    replies: [
      {
        by: 'glazier_gwen',
        after: 6,
        pinned: true,
        text: `Push points are easier for anyone who does not glaze every day, and the ears make them easy to pull out when the sash is reglazed again in 40 years. Triangle points sit flatter and are hidden by a thinner putty bead.

For old wavy glass I use push points every 8-10" and always bed the glass in a thin layer of putty first. Whatever point you use, do not drive it tight against the glass.`,
      },
      {
        by: 'oldhouse_otto',
        after: 30,
        text: 'Push points here too. A stiff putty knife works for pushing them in if you do not have the tool.',
      },
    ],
  },
  {
    by: 'condo_claire',
    topic: 'glazing',
    status: 'open',
    daysAgo: 5,
    likes: 2,
    bookmarks: 1,
    title: 'Cracked pane in a vinyl slider: measuring for a replacement unit',
    description: `A pane in my vinyl sliding window cracked (golf ball, don't ask). I want to order a replacement glass unit.

Do I measure the visible glass, or do I need to take the beads off first? Drawing of how the frame looks from the end attached.`,
    tags: ['glass replacement', 'igu', 'vinyl'],
    images: [{ drawing: 'profile', finish: 'white', variant: 0 }],
    replies: [
      {
        by: 'glazier_gwen',
        after: 7,
        text: 'Take the beads off and measure the actual unit, plus its thickness. Visible glass is always smaller than the unit because the edges sit in the frame. Write down the spacer colour and any text in the glass corner too.',
      },
    ],
  },
  {
    by: 'northwind_nadia',
    topic: 'glazing',
    status: 'open',
    daysAgo: 18,
    likes: 3,
    bookmarks: 4,
    title: 'Glazing tape or silicone for back-bedding a replacement IGU?',
    description: `Replacing an insulated glass unit in a wood casement sash. The old one was set in some kind of tape. Should I use glazing tape again or silicone?

I want it to be removable later if the new unit also fails.`,
    tags: ['igu', 'glazing tape', 'silicone'],
    replies: [
      {
        by: 'glazier_gwen',
        after: 3,
        text: 'Glazing tape for the bed, and a cap bead of compatible silicone if the manufacturer did that originally. Tape is much easier to cut out later. Make sure the silicone is rated as compatible with IGU edge seals.',
      },
      {
        by: 'millwork_mike',
        after: 26,
        text: 'And setting blocks under the unit. Do not let the glass sit on the wood.',
      },
    ],
  },
  {
    by: 'ana-renovates',
    topic: 'glazing',
    status: 'pending',
    daysAgo: 0.3,
    likes: 0,
    bookmarks: 0,
    title: 'Is this glass tempered? No stamp in the corner',
    description: `Our 1910 house has a glass panel in a door that somebody replaced at some point. There's no bug (stamp) in any corner.

Is there a way to tell if it's tempered without breaking it? We want to know before we put the door back up.`,
    tags: ['tempered glass', 'safety glass'],
  },

  // ---------------------------------------------------------------- misc
  {
    by: 'jbuilds',
    topic: 'misc',
    status: 'solved',
    daysAgo: 68,
    likes: 9,
    bookmarks: 11,
    title: 'Hardware finish codes: US10B vs US26D vs 613?',
    description: `Supplier quotes list finishes like US10B, US26D, 613, US3. Client wants "oil rubbed bronze" and "brushed nickel".

Is there a cheat sheet for which code is which, and do different brands use the same codes?`,
    tags: ['finish codes', 'bhma', 'hardware finishes'],
    images: [
      {
        drawing: 'hinge',
        finish: 'bronze',
        variant: 1,
        detection: {
          object: 'Butt hinge',
          category: 'hinge',
          material: 'steel',
          finish: 'oil rubbed bronze',
          confidence: 0.88,
          features: ['5 knuckles', 'square corners', 'dark finish with highlights'],
        },
      },
      { drawing: 'hinge', finish: 'nickel', variant: 3 },
      { drawing: 'hinge', finish: 'brass', variant: 4 },
    ],
    replies: [
      {
        by: 'retired_ray',
        after: 2,
        pinned: true,
        text: `The codes are BHMA/US finish numbers and most brands use them, though the actual colour varies by maker:

US3 / 605 = bright brass
US10B / 613 = oil rubbed bronze (dark)
US15 / 619 = satin nickel
US26 / 625 = bright chrome
US26D / 626 = satin chrome
US32D / 630 = satin stainless

"Brushed nickel" is usually US15 / 619. If the client is picky, order one piece from each brand first and compare side by side.`,
      },
      {
        by: 'marta_k',
        after: 7,
        text: "Pinning Ray's list to my monitor. Note that 613 from two brands can look quite different; some are nearly black, some show a lot of copper.",
      },
      { by: 'jbuilds', after: 20, text: 'Perfect, exactly what I needed.' },
    ],
  },
  {
    by: 'glazier_gwen',
    topic: 'misc',
    status: 'open',
    daysAgo: 48,
    likes: 11,
    bookmarks: 12,
    title: 'Share your go-to sources for obsolete window hardware',
    description: `Lots of questions here end with "that part has been discontinued". Let's collect tips on where to look for obsolete operators, balances, locks and rollers.

Please share how you search (not just store names): what measurements you bring, which catalogues you use, salvage yards, etc.`,
    tags: ['obsolete parts', 'sourcing'],
    replies: [
      {
        by: 'marta_k',
        after: 3,
        text: 'Bring the old part, always. Half of what I did at the counter was matching parts by laying them on top of each other. Photos from three sides with a ruler in the shot are the next best thing.',
      },
      {
        by: 'screenqueen_lena',
        after: 9,
        text: 'The big window parts suppliers have printed catalogues with actual-size drawings. I put the part on the page to match it.',
      },
      {
        by: 'oldhouse_otto',
        after: 20,
        text: 'Architectural salvage yards for anything pre-1950. I found matching sash pulleys in a bucket for a dollar each.',
      },
      {
        by: 'retired_ray',
        after: 33,
        text: 'For locks, the casting marks and patent dates help a lot. Old lock catalogues are scanned online and searchable.',
      },
      {
        by: 'handyman_raj',
        after: 60,
        text: 'Keep a parts bin. Every time I replace a window in a rental I strip the hardware off the old one. Saved me more than once.',
      },
    ],
  },
  {
    by: 'screenqueen_lena',
    topic: 'misc',
    status: 'open',
    daysAgo: 14,
    likes: 3,
    bookmarks: 2,
    title: 'Hinge mortise jig or freehand chisel for a few doors?',
    description: `Not screens for once. I'm replacing three interior doors in my own house and need to cut hinge mortises.

Is a hinge jig and router worth buying for three doors, or can a careful amateur do it with a chisel and a marking knife?`,
    tags: ['hinges', 'tools', 'interior door'],
    replies: [
      {
        by: 'millwork_mike',
        after: 5,
        text: 'Three doors, six to nine mortises: chisel. Score the outline with a knife, set the depth with a marking gauge at the leaf thickness, make a row of shallow cuts across, then pare. A hinge template kit pays off from about ten doors.',
      },
      {
        by: 'jbuilds',
        after: 30,
        text: 'A corner chisel helps if the hinges have the 5/8" radius. Or buy square-corner hinges and skip the rounding.',
      },
    ],
  },
  {
    by: 'handyman_raj',
    topic: 'misc',
    status: 'solved',
    daysAgo: 19,
    likes: 6,
    bookmarks: 7,
    title: 'Stripped screw holes in a hinge jamb: best fix?',
    description: `Rental unit, the top hinge screws on the jamb side just spin. Door sags a bit as a result.

I've done the toothpick trick before but it doesn't hold long. What's the durable fix?`,
    tags: ['hinges', 'stripped screws', 'door repair'],
    images: [{ drawing: 'hinge', finish: 'nickel', variant: 0 }],
    replies: [
      {
        by: 'millwork_mike',
        after: 3,
        pinned: true,
        text: `Drill the holes out to 3/8" and glue in hardwood dowels. Let the glue set, cut flush, then pilot drill and reinstall. That is as good as new wood.

At the same time, put one 3" screw in the top hinge into the framing. That takes the load off the short screws, so they will not strip again.`,
      },
      { by: 'retired_ray', after: 14, text: 'Dowels plus a long screw. That is the fix that lasts.' },
    ],
  },
  {
    by: 'patio_pete',
    topic: 'misc',
    status: 'open',
    daysAgo: 9,
    likes: 3,
    bookmarks: 3,
    title: 'Kerf-in weatherstripping vs adhesive foam on an old door frame',
    description: `Back door has no weatherstripping at all, just a wood stop. I can feel the breeze.

Should I cut a kerf into the stop for a kerf-in seal, or use self-adhesive foam? The frame is painted wood, probably 30 years old.`,
    tags: ['weatherstripping', 'door frame', 'draft'],
    replies: [
      {
        by: 'northwind_nadia',
        after: 2,
        text: 'Kerf-in every time if you can cut the kerf. Adhesive foam lasts one or two winters on painted wood and then falls off.',
      },
      {
        by: 'jbuilds',
        after: 12,
        text: 'There is a kerf cutting tool for an oscillating multi-tool that makes this easy on an installed frame. Run it along the stop with the door open.',
      },
      { by: 'patio_pete', after: 30, text: 'Going kerf-in. Thanks, will report back.' },
    ],
  },
];
