// A fixed set of realistic questions and the queries that should find them, for the relevance test.
// Written for this test; near neighbours are on purpose (several cranks, rollers, hinges and locks).

export interface RelevanceQuestion {
  key: string;
  topic: 'windows' | 'doors' | 'screens' | 'glazing' | 'misc';
  status: 'open' | 'solved';
  title: string;
  description: string;
  tags: string[];
  image?: { detectedObject?: string; keyFeatures?: string[]; visibleText?: string };
  replies?: string[];
}

export const QUESTIONS: RelevanceQuestion[] = [
  {
    key: 'casement-crank',
    topic: 'windows',
    status: 'solved',
    title: 'Casement window operator crank handle spins without opening',
    description:
      'The crank handle on my casement window turns freely but the sash does not move. The splines on the operator stud look rounded off. Can I replace just the handle or do I need the whole operator?',
    tags: ['casement', 'operator', 'crank'],
    image: { detectedObject: 'casement operator crank handle', keyFeatures: ['folding handle', 'splined stud'] },
    replies: ['Take the handle off with the set screw and compare the spline count; most are 48 tooth.'],
  },
  {
    key: 'awning-operator',
    topic: 'windows',
    status: 'open',
    title: 'Awning window operator arm bent after a storm',
    description:
      'Wind caught the awning sash and now the operator arm is bent and the window will not close square. Looking for a replacement dual arm operator.',
    tags: ['awning', 'operator'],
  },
  {
    key: 'crank-cover',
    topic: 'windows',
    status: 'open',
    title: 'Cracked plastic cover over the window crank gearbox',
    description:
      'The beige plastic cover over the gear box of the crank has split. The gears still work, I just want a cover that fits.',
    tags: ['cover', 'casement'],
  },
  {
    key: 'patio-roller',
    topic: 'doors',
    status: 'solved',
    title: 'Sliding patio door rollers worn flat, door drags on the track',
    description:
      'Our sliding glass patio door is very hard to open and scrapes along the bottom track. The rollers under the panel look worn flat. Which replacement roller assembly do I need?',
    tags: ['patio door', 'rollers', 'sliding'],
    image: { detectedObject: 'sliding door roller assembly', keyFeatures: ['steel wheel', 'adjustment screw'] },
  },
  {
    key: 'screen-door-roller',
    topic: 'screens',
    status: 'open',
    title: 'Screen door keeps jumping off the track: top rollers?',
    description:
      'The sliding screen door falls out of its track every few days. The spring loaded tension wheels at the top seem weak.',
    tags: ['screen door', 'rollers'],
  },
  {
    key: 'sash-lock',
    topic: 'windows',
    status: 'solved',
    title: 'Double hung sash lock will not latch anymore',
    description:
      'The cam sash lock on top of my double hung window spins but does not catch the keeper. The two sashes do not line up any more.',
    tags: ['sash lock', 'double hung'],
    image: { detectedObject: 'cam action sash lock', keyFeatures: ['keeper', 'cam'] },
  },
  {
    key: 'block-tackle',
    topic: 'windows',
    status: 'open',
    title: 'Window sash falls down: broken block and tackle balance',
    description:
      'The bottom sash will not stay up. Inside the jamb there is a block and tackle balance with a cord that snapped.',
    tags: ['balance', 'double hung'],
    image: { detectedObject: 'block and tackle balance', visibleText: '9/16 x 28 RED TIP' },
  },
  {
    key: 'spiral-balance',
    topic: 'windows',
    status: 'solved',
    title: 'Identifying spiral balance rod size from the colour of the tip',
    description:
      'I have a spiral tube balance with a red tip and a twisted rod. How do I read the size and which one do I order?',
    tags: ['spiral balance', 'balance'],
    image: { detectedObject: 'spiral balance', visibleText: '1730 RED' },
  },
  {
    key: 'weatherstrip-door',
    topic: 'doors',
    status: 'open',
    title: 'Replacing the weatherstrip on an entry door: kerf type?',
    description:
      'Daylight shows around my front door. The old foam weatherstripping is pressed into a kerf slot in the frame. What profile do I need?',
    tags: ['weatherstrip', 'entry door'],
  },
  {
    key: 'weatherstrip-window',
    topic: 'windows',
    status: 'open',
    title: 'Pile weatherstrip on sliding windows is flattened',
    description:
      'The fuzzy pile weather strip on my horizontal slider is flattened and the window whistles. How do I measure the backing width?',
    tags: ['weatherstrip', 'slider'],
  },
  {
    key: 'spline-size',
    topic: 'screens',
    status: 'solved',
    title: 'What screen spline size do I need for rescreening?',
    description:
      'Rescreening an aluminium window screen. The old rubber spline is brittle. How do I tell 0.125 from 0.140 spline?',
    tags: ['spline', 'rescreening'],
  },
  {
    key: 'pet-screen',
    topic: 'screens',
    status: 'open',
    title: 'Pet resistant screen mesh for a sliding screen door',
    description:
      'Our dog keeps tearing the fibreglass mesh. Is pet screen thicker, and does it need a different spline?',
    tags: ['mesh', 'pet screen'],
  },
  {
    key: 'igu-fog',
    topic: 'glazing',
    status: 'solved',
    title: 'Foggy insulated glass unit: replace the IGU or the whole window?',
    description:
      'One double pane unit has condensation between the panes. The seal has failed. Can the insulated glass unit be replaced on its own?',
    tags: ['insulated glass', 'IGU', 'condensation'],
  },
  {
    key: 'glazing-bead',
    topic: 'glazing',
    status: 'open',
    title: 'How to remove vinyl glazing beads without breaking them',
    description:
      'I need to take the glass out of a vinyl window. The glazing bead strips are tight. Do I pry from the corner?',
    tags: ['glazing bead', 'vinyl'],
  },
  {
    key: 'putty',
    topic: 'glazing',
    status: 'open',
    title: 'Old wooden window glazing putty cracking and falling out',
    description:
      'The linseed oil putty around the panes of my old wood sash is cracked. Should I use glazing compound or linseed putty?',
    tags: ['putty', 'wood window'],
  },
  {
    key: 'butt-hinge',
    topic: 'doors',
    status: 'open',
    title: 'Interior door hinge squeaks and the door sags',
    description:
      'A 3.5 inch butt hinge on an interior door squeaks and the door rubs on the frame at the top. Should I replace the hinges?',
    tags: ['hinge', 'interior door'],
  },
  {
    key: 'friction-hinge',
    topic: 'windows',
    status: 'solved',
    title: 'Casement friction stay hinge stiff and rusty',
    description:
      'The friction stay hinges on a uPVC casement are rusty and the window is stiff to open. What length do I buy, 12 inch or 16 inch?',
    tags: ['friction stay', 'hinge', 'uPVC'],
    image: { detectedObject: 'friction stay hinge', visibleText: 'HF 16 304' },
  },
  {
    key: 'door-closer',
    topic: 'doors',
    status: 'open',
    title: 'Door closer slams the door shut: adjusting the valves',
    description:
      'The overhead hydraulic door closer on our shop door slams. Which adjustment screw controls the latch speed and which the sweep?',
    tags: ['door closer', 'hydraulic'],
  },
  {
    key: 'storm-closer',
    topic: 'doors',
    status: 'open',
    title: 'Storm door pneumatic closer will not hold open',
    description:
      'The washer on the pneumatic storm door closer rod slips so the door will not stay open. Is it the closer or the hold open washer?',
    tags: ['storm door', 'closer'],
  },
  {
    key: 'multipoint',
    topic: 'doors',
    status: 'solved',
    title: 'uPVC door multipoint lock gearbox failed, handle floppy',
    description:
      'The handle on my uPVC back door is floppy and the hooks will not engage. I think the multipoint lock gearbox has failed. How do I measure the backset and centres?',
    tags: ['multipoint lock', 'uPVC', 'gearbox'],
    image: { detectedObject: 'multipoint lock gearbox', visibleText: 'WINKHAUS 35 92PZ' },
  },
  {
    key: 'euro-cylinder',
    topic: 'doors',
    status: 'open',
    title: 'Measuring a euro cylinder lock for replacement',
    description:
      'I want to change the euro cylinder on my front door. How do I measure it, and is 35/45 the inside or the outside?',
    tags: ['euro cylinder', 'lock'],
  },
  {
    key: 'tilt-turn',
    topic: 'windows',
    status: 'open',
    title: 'Tilt and turn window handle stuck between positions',
    description:
      'The handle of a tilt and turn window jammed halfway. The sash is neither tilted nor locked. Is the mechanism broken?',
    tags: ['tilt and turn', 'handle'],
  },
  {
    key: 'espag',
    topic: 'windows',
    status: 'solved',
    title: 'Espagnolette handle for uPVC casement, spindle length?',
    description:
      'Need to replace a cranked espagnolette window handle. What spindle length and how do I know if it is cranked or inline?',
    tags: ['espagnolette', 'handle', 'uPVC'],
  },
  {
    key: 'bifold',
    topic: 'doors',
    status: 'open',
    title: 'Bifold door top guide wheel broken',
    description: 'The top pivot guide wheel of a closet bifold door snapped and the door drops out of the track.',
    tags: ['bifold', 'guide wheel'],
  },
  {
    key: 'garage-seal',
    topic: 'misc',
    status: 'open',
    title: 'Garage door bottom seal retainer: T-end or bead?',
    description:
      'The rubber bottom seal of my garage door is torn. The aluminium retainer has two channels. Do I need a T-end or a bead seal?',
    tags: ['garage door', 'seal'],
  },
  {
    key: 'skylight',
    topic: 'glazing',
    status: 'open',
    title: 'Skylight leaking around the flashing',
    description:
      'Water drips from the skylight in heavy rain. The glass looks fine; I suspect the flashing kit or the gasket.',
    tags: ['skylight', 'leak'],
  },
  {
    key: 'window-film',
    topic: 'glazing',
    status: 'open',
    title: 'Privacy window film on double glazing: thermal stress risk?',
    description:
      'Can I apply a frosted privacy film to the inside of a double glazed unit, or can the heat crack the glass?',
    tags: ['window film', 'double glazing'],
  },
  {
    key: 'pivot-shoe',
    topic: 'windows',
    status: 'solved',
    title: 'Tilt sash pivot shoe broken, sash will not tilt in',
    description:
      'The pivot bar on the bottom sash of a tilt double hung window sits in a pivot shoe (brake shoe) that has cracked. How do I get the shoe out of the jamb?',
    tags: ['pivot shoe', 'tilt sash'],
  },
  {
    key: 'retractable-screen',
    topic: 'screens',
    status: 'open',
    title: 'Retractable screen door will not retract fully',
    description:
      'Our retractable screen door stops halfway back into the housing. Is the spring in the cassette tensioned wrong?',
    tags: ['retractable screen'],
  },
  {
    key: 'letterbox',
    topic: 'doors',
    status: 'open',
    title: 'Letter plate flap on a composite door rattles',
    description:
      'The letterbox flap on our composite front door rattles in the wind. Are there draught excluder brushes that fit behind it?',
    tags: ['letterbox', 'composite door'],
  },
  {
    key: 'louvre',
    topic: 'windows',
    status: 'open',
    title: 'Jalousie louvre window clips for glass blades',
    description:
      'The metal clips that hold the glass louvre blades on a jalousie window are rusted. Where can I find matching blade clips?',
    tags: ['jalousie', 'louvre'],
  },
  {
    key: 'sliding-lock',
    topic: 'doors',
    status: 'open',
    title: 'Sliding patio door mortise lock hook does not engage',
    description:
      'The hook of the mortise lock on our sliding patio door misses the strike. Do I adjust the rollers or the strike plate?',
    tags: ['patio door', 'lock'],
  },
];

/** A query and the question that should come first. */
export const QUERIES: { query: string; expect: string }[] = [
  { query: 'casment crank handel', expect: 'casement-crank' },
  { query: 'casement crank handle', expect: 'casement-crank' },
  { query: 'casement oper', expect: 'casement-crank' },
  { query: 'patio door roller', expect: 'patio-roller' },
  { query: 'sliding door drags on track', expect: 'patio-roller' },
  { query: 'sash lock', expect: 'sash-lock' },
  { query: 'window sash wont stay up', expect: 'block-tackle' },
  { query: 'spiral balanse', expect: 'spiral-balance' },
  { query: '9/16 x 28', expect: 'block-tackle' },
  { query: 'kerf weatherstrip', expect: 'weatherstrip-door' },
  { query: 'screen splin size', expect: 'spline-size' },
  { query: 'fogged insulated glass', expect: 'igu-fog' },
  { query: 'condensation between panes', expect: 'igu-fog' },
  { query: 'glazing bead', expect: 'glazing-bead' },
  { query: 'friction stay', expect: 'friction-hinge' },
  { query: 'HF 16', expect: 'friction-hinge' },
  { query: 'door closer slams', expect: 'door-closer' },
  { query: 'multipoint gearbox', expect: 'multipoint' },
  { query: 'WINKHAUS', expect: 'multipoint' },
  { query: 'euro cylinder measure', expect: 'euro-cylinder' },
  { query: 'espagnolete spindle', expect: 'espag' },
  { query: 'pivot shoe', expect: 'pivot-shoe' },
  { query: 'bifold guide wheel', expect: 'bifold' },
  { query: 'retractable screen', expect: 'retractable-screen' },
  { query: 'garage door botom seal', expect: 'garage-seal' },
  { query: 'jalousie clips', expect: 'louvre' },
];
