import type { DetectionCategory } from '@fenestra/shared';

/**
 * The parts the local provider can name, in our own words: what a member would call the part, what else
 * it is called (and what is stamped on labels), its category, and what it is usually made of.
 */
export interface CataloguePart {
  name: string;
  category: DetectionCategory;
  synonyms: string[];
  materials: string[];
}

const part = (name: string, category: DetectionCategory, synonyms: string[], materials: string[]): CataloguePart => ({
  name,
  category,
  synonyms,
  materials,
});

export const CATALOGUE: readonly CataloguePart[] = [
  // Operators
  part(
    'casement window operator',
    'operator',
    [
      'casement operator',
      'casement crank',
      'window crank operator',
      'crank operator',
      'roto operator',
      'casement gear operator',
    ],
    ['zinc die-cast', 'steel'],
  ),
  part(
    'awning window operator',
    'operator',
    ['awning operator', 'awning crank', 'scissor operator', 'dual arm operator'],
    ['zinc die-cast', 'steel'],
  ),
  part(
    'jalousie window operator',
    'operator',
    ['jalousie operator', 'louver window operator', 'louvre operator'],
    ['zinc die-cast', 'aluminium'],
  ),
  part(
    'skylight operator',
    'operator',
    ['skylight crank', 'roof window operator', 'skylight chain operator'],
    ['steel', 'zinc die-cast'],
  ),
  part(
    'window crank handle',
    'handle',
    ['window crank', 'crank handle', 'operator handle', 'folding crank handle', 'tee handle crank', 'splined crank'],
    ['zinc die-cast', 'aluminium'],
  ),
  part(
    'operator arm',
    'operator',
    ['casement operator arm', 'operator link arm', 'operator link', 'split arm', 'sash arm', 'crank arm'],
    ['steel', 'zinc die-cast'],
  ),
  part('operator cover', 'operator', ['operator cap', 'crank cover', 'operator trim cover'], ['plastic', 'aluminium']),
  part('chain winder', 'operator', ['chain operator', 'chain actuator', 'window chain winder'], ['steel', 'plastic']),
  part(
    'electric window actuator',
    'operator',
    ['window actuator', 'motorized operator', 'linear actuator'],
    ['aluminium', 'plastic'],
  ),
  // Locks and latches
  part(
    'sash lock',
    'lock/latch',
    [
      'cam lock',
      'cam action sash lock',
      'window sash lock',
      'crescent lock',
      'sweep lock',
      'check rail lock',
      'sash fastener',
      'fitch fastener',
    ],
    ['zinc die-cast', 'brass'],
  ),
  part(
    'casement window lock',
    'lock/latch',
    ['casement lock', 'multipoint casement lock', 'window lock handle', 'casement latch'],
    ['zinc die-cast', 'steel'],
  ),
  part(
    'sliding window latch',
    'lock/latch',
    ['slider latch', 'sliding window lock', 'spring latch', 'window slide bolt'],
    ['plastic', 'zinc die-cast'],
  ),
  part(
    'tilt latch',
    'lock/latch',
    ['sash tilt latch', 'tilt lock', 'tilt button', 'spring loaded tilt latch'],
    ['plastic', 'zinc die-cast'],
  ),
  part(
    'window keeper',
    'lock/latch',
    ['keeper', 'sash keeper', 'lock keeper', 'latch keeper', 'strike keeper'],
    ['zinc die-cast', 'plastic'],
  ),
  part(
    'window vent stop',
    'lock/latch',
    ['vent lock', 'window stop', 'sash stop', 'window opening limiter', 'window restrictor'],
    ['plastic', 'aluminium'],
  ),
  part(
    'patio door lock',
    'lock/latch',
    ['sliding door lock', 'patio door latch', 'hook lock'],
    ['steel', 'zinc die-cast'],
  ),
  part(
    'sliding door handle set',
    'handle',
    ['patio door handle', 'sliding door handle', 'door pull set', 'handle set'],
    ['zinc die-cast', 'aluminium'],
  ),
  part('mortise lock', 'lock/latch', ['mortise lockset', 'mortise latch', 'door mortise lock'], ['steel', 'brass']),
  part(
    'espagnolette',
    'lock/latch',
    [
      'espagnolette lock',
      'espagnolette bar',
      'espag',
      'espagnolette gear',
      'tilt and turn gear',
      'window locking gear',
    ],
    ['steel', 'zinc die-cast'],
  ),
  part('night latch', 'lock/latch', ['nightlatch', 'rim night latch', 'cylinder night latch'], ['brass', 'steel']),
  part('rim lock', 'lock/latch', ['rim lockset', 'box lock', 'surface mounted lock'], ['steel', 'brass']),
  part(
    'multipoint door lock',
    'lock/latch',
    ['multipoint lock', 'multi point lock', 'three point lock', 'multipoint gear'],
    ['steel'],
  ),
  part(
    'deadbolt',
    'lock/latch',
    ['dead bolt', 'deadbolt lock', 'single cylinder deadbolt', 'double cylinder deadbolt'],
    ['brass', 'steel'],
  ),
  part('door latch', 'lock/latch', ['tubular latch', 'passage latch', 'latch bolt'], ['steel', 'brass']),
  part('strike plate', 'lock/latch', ['door strike', 'latch strike', 'keeper plate', 'strike'], ['steel', 'brass']),
  part('lock cylinder', 'lock/latch', ['key cylinder', 'euro cylinder', 'rim cylinder', 'mortise cylinder'], ['brass']),
  part('storm door latch', 'lock/latch', ['screen door latch', 'storm door lockset'], ['zinc die-cast', 'aluminium']),
  part('flush bolt', 'lock/latch', ['door flush bolt', 'surface bolt', 'barrel bolt'], ['brass', 'steel']),
  part(
    'window security bar',
    'lock/latch',
    ['charley bar', 'patio door security bar', 'door bar'],
    ['aluminium', 'steel'],
  ),
  part(
    'sliding door foot lock',
    'lock/latch',
    ['foot lock', 'patio door foot bolt', 'door foot bolt'],
    ['steel', 'zinc die-cast'],
  ),
  part(
    'child safety window lock',
    'lock/latch',
    ['window child lock', 'window wedge lock', 'window safety lock'],
    ['plastic', 'steel'],
  ),
  // Hinges
  part(
    'casement window hinge',
    'hinge',
    ['casement hinge', 'friction hinge', 'friction stay', 'egress hinge', 'four bar hinge', 'window stay'],
    ['stainless steel', 'steel'],
  ),
  part(
    'butt hinge',
    'hinge',
    ['hinge', 'door hinge', 'butt door hinge', 'ball bearing hinge', 'mortise hinge'],
    ['steel', 'brass', 'stainless steel'],
  ),
  part('spring hinge', 'hinge', ['self closing hinge', 'spring loaded hinge', 'door spring hinge'], ['steel']),
  part('hinge pin', 'hinge', ['door hinge pin', 'pin hinge', 'hinge rod'], ['steel', 'brass']),
  part(
    'casement stay',
    'other',
    ['peg stay', 'window stay arm', 'stay arm', 'casement peg stay'],
    ['steel', 'zinc die-cast', 'brass'],
  ),
  part('continuous hinge', 'hinge', ['piano hinge', 'geared continuous hinge'], ['aluminium', 'stainless steel']),
  part('pivot hinge', 'hinge', ['door pivot', 'offset pivot', 'center hung pivot'], ['steel', 'brass']),
  part('awning window hinge', 'hinge', ['awning hinge', 'top hung hinge', 'projecting hinge'], ['stainless steel']),
  part('lift-off hinge', 'hinge', ['flag hinge', 'take apart hinge'], ['steel', 'brass']),
  part('concealed door hinge', 'hinge', ['hidden hinge', 'invisible hinge', 'soss hinge'], ['zinc die-cast', 'steel']),
  part('cabinet-style window hinge', 'hinge', ['strap hinge', 'surface mount hinge'], ['steel']),
  // Rollers and tracks
  part(
    'sliding door roller',
    'roller',
    ['patio door roller', 'door roller assembly', 'tandem roller', 'sliding door wheel', 'roller assembly'],
    ['steel', 'nylon'],
  ),
  part(
    'sliding window roller',
    'roller',
    ['window roller', 'slider window roller', 'sash roller', 'window wheel'],
    ['nylon', 'steel'],
  ),
  part(
    'screen door roller',
    'roller',
    ['screen roller', 'screen door wheel', 'spring tension roller'],
    ['nylon', 'steel'],
  ),
  part(
    'closet door roller',
    'roller',
    ['bypass door roller', 'closet roller', 'bypass door wheel'],
    ['nylon', 'steel'],
  ),
  part(
    'pocket door roller',
    'roller',
    ['pocket door hanger', 'pocket door trolley', 'pocket door track wheel'],
    ['steel', 'nylon'],
  ),
  part(
    'shower door roller',
    'roller',
    ['shower roller', 'shower door wheel', 'bathtub door roller'],
    ['nylon', 'brass'],
  ),
  part('barn door hardware', 'roller', ['barn door track', 'barn door roller', 'sliding barn door kit'], ['steel']),
  part(
    'sliding door track',
    'roller',
    ['door track', 'threshold track', 'track cap', 'patio door track'],
    ['aluminium', 'stainless steel'],
  ),
  part('sash guide', 'roller', ['window guide', 'sash slide', 'top guide', 'slide guide'], ['plastic', 'nylon']),
  // Balances
  part(
    'block and tackle balance',
    'balance',
    ['block and tackle', 'channel balance', 'window channel balance', 'pulley balance'],
    ['aluminium', 'nylon cord'],
  ),
  part(
    'spiral window balance',
    'balance',
    ['spiral balance', 'spiral tube balance', 'tube balance', 'spring spiral balance'],
    ['fibreglass', 'steel'],
  ),
  part(
    'constant force balance',
    'balance',
    ['coil spring balance', 'constant force spring', 'clock spring balance'],
    ['stainless steel'],
  ),
  part(
    'balance shoe',
    'balance',
    ['balance pivot shoe', 'pivot shoe', 'cam shoe', 'balance brake', 'tilt shoe'],
    ['plastic', 'zinc die-cast'],
  ),
  part('pivot bar', 'balance', ['sash pivot bar', 'tilt pin', 'pivot pin'], ['zinc die-cast', 'steel']),
  part(
    'window sash cord',
    'balance',
    ['sash cord', 'sash weight cord', 'sash chain', 'sash pulley'],
    ['cotton', 'steel'],
  ),
  part('sash weight', 'balance', ['window weight', 'counterweight', 'pulley weight'], ['cast iron', 'lead']),
  part('jamb liner', 'balance', ['window jamb liner', 'sash liner', 'balance cover'], ['vinyl', 'foam']),
  // Weatherstrip and seals
  part(
    'weatherstrip',
    'weatherstrip/seal',
    ['weather strip', 'weather stripping', 'weatherstripping', 'draught strip', 'draft seal'],
    ['foam', 'rubber', 'vinyl'],
  ),
  part(
    'pile weatherstrip',
    'weatherstrip/seal',
    ['wool pile', 'fin seal pile', 'pile seal', 'brush seal', 'mohair'],
    ['polypropylene pile'],
  ),
  part(
    'door sweep',
    'weatherstrip/seal',
    ['door bottom sweep', 'sweep seal', 'draft stopper'],
    ['rubber', 'aluminium'],
  ),
  part(
    'door bottom seal',
    'weatherstrip/seal',
    ['door shoe', 'u shaped door bottom', 'bottom seal'],
    ['vinyl', 'rubber'],
  ),
  part(
    'glazing gasket',
    'weatherstrip/seal',
    ['glazing seal', 'glazing bead gasket', 'window gasket', 'wedge gasket'],
    ['epdm rubber', 'vinyl'],
  ),
  part(
    'compression seal',
    'weatherstrip/seal',
    ['bulb seal', 'kerf seal', 'q-lon', 'foam compression seal'],
    ['foam', 'silicone'],
  ),
  part(
    'threshold',
    'weatherstrip/seal',
    ['door threshold', 'sill threshold', 'saddle', 'adjustable threshold'],
    ['aluminium', 'oak'],
  ),
  part(
    'glazing bead',
    'weatherstrip/seal',
    ['glazing stop', 'window bead', 'snap bead'],
    ['vinyl', 'wood', 'aluminium'],
  ),
  part(
    'glazing putty',
    'weatherstrip/seal',
    ['window putty', 'glazing compound', 'window glazing'],
    ['linseed oil putty'],
  ),
  part('corner seal pad', 'weatherstrip/seal', ['corner pad', 'corner block seal', 'dust plug'], ['foam', 'rubber']),
  // Handles
  part(
    'door handle',
    'handle',
    ['door lever', 'lever handle', 'doorknob', 'door knob', 'knob set'],
    ['zinc die-cast', 'brass', 'stainless steel'],
  ),
  part(
    'window handle',
    'handle',
    ['espagnolette handle', 'cockspur handle', 'tilt and turn handle', 'window lever'],
    ['aluminium', 'zinc die-cast'],
  ),
  part('sash lift', 'handle', ['window lift', 'sash pull', 'hook lift', 'finger lift'], ['brass', 'zinc die-cast']),
  part('flush pull', 'handle', ['recessed pull', 'finger pull', 'cup pull'], ['brass', 'zinc die-cast']),
  part(
    'storm door handle',
    'handle',
    ['storm door pull', 'screen door handle', 'storm door lever'],
    ['zinc die-cast', 'aluminium'],
  ),
  // Glass and insulated glass units
  part(
    'insulated glass unit',
    'glass/IGU',
    ['igu', 'double glazed unit', 'insulated glass', 'double pane glass', 'sealed unit', 'thermopane'],
    ['glass', 'aluminium spacer'],
  ),
  part('tempered glass', 'glass/IGU', ['toughened glass', 'safety glass', 'tempered pane'], ['glass']),
  part('laminated glass', 'glass/IGU', ['laminated pane', 'safety laminated glass'], ['glass', 'pvb interlayer']),
  part('low-e glass', 'glass/IGU', ['low emissivity glass', 'coated glass'], ['glass']),
  part('glass setting block', 'glass/IGU', ['setting block', 'glazing block', 'glazing shim'], ['neoprene', 'plastic']),
  part(
    'IGU spacer',
    'glass/IGU',
    ['warm edge spacer', 'spacer bar', 'window spacer'],
    ['aluminium', 'stainless steel'],
  ),
  part('glazing point', 'glass/IGU', ['glazier point', 'push point', 'glazing clip'], ['steel', 'zinc']),
  part(
    'window muntin',
    'glass/IGU',
    ['grille', 'window grid', 'muntin bar', 'grid clip'],
    ['aluminium', 'vinyl', 'wood'],
  ),
  // Screens
  part(
    'screen spline',
    'screen part',
    ['spline', 'screen retainer spline', 'rubber spline', 'spline cord'],
    ['vinyl', 'rubber'],
  ),
  part(
    'screen frame corner',
    'screen part',
    ['screen corner', 'corner key', 'screen frame corner key'],
    ['plastic', 'aluminium'],
  ),
  part('screen tension spring', 'screen part', ['screen spring', 'leaf spring', 'tension spring'], ['stainless steel']),
  part('screen pull tab', 'screen part', ['screen tab', 'screen pull', 'screen clip'], ['plastic', 'aluminium']),
  part(
    'screen mesh',
    'screen part',
    ['insect screen', 'fibreglass screen', 'screen cloth', 'bug screen'],
    ['fibreglass', 'aluminium'],
  ),
  part(
    'retractable screen',
    'screen part',
    ['retractable screen door', 'roll up screen', 'pleated screen'],
    ['aluminium', 'polyester mesh'],
  ),
  part(
    'screen frame',
    'screen part',
    ['screen frame kit', 'roll formed screen frame', 'window screen frame'],
    ['aluminium'],
  ),
  part(
    'screen door closer',
    'closer',
    ['storm door closer', 'pneumatic closer', 'screen closer'],
    ['steel', 'aluminium'],
  ),
  // Closers and door control
  part(
    'door closer',
    'closer',
    ['overhead door closer', 'hydraulic closer', 'surface mounted closer', 'closer arm'],
    ['aluminium', 'steel'],
  ),
  part('floor spring', 'closer', ['floor closer', 'floor mounted closer'], ['steel']),
  part('door stop', 'closer', ['doorstop', 'door stopper', 'hinge pin stop', 'wall stop'], ['rubber', 'steel']),
  part('door holder', 'closer', ['hold open', 'magnetic door holder', 'door catch'], ['steel']),
  part('sliding door soft close', 'closer', ['soft close damper', 'door damper', 'soft closer'], ['plastic', 'steel']),
  // Other
  part('window sill', 'other', ['sill', 'window stool', 'sill nose'], ['wood', 'pvc']),
  part('drip cap', 'other', ['window drip edge', 'head flashing', 'drip edge'], ['aluminium', 'vinyl']),
  part('weep hole cover', 'other', ['weep cover', 'weep hole flap', 'weep vent'], ['plastic']),
  part('window trickle vent', 'other', ['trickle vent', 'window vent', 'slot vent'], ['plastic', 'aluminium']),
  part('door peephole', 'other', ['door viewer', 'spy hole', 'peep hole'], ['brass']),
  part('letter plate', 'other', ['letter box', 'mail slot', 'letterbox flap'], ['brass', 'stainless steel']),
  part('window blind bracket', 'other', ['blind bracket', 'shade bracket'], ['steel']),
  part('shutter hinge', 'hinge', ['shutter pintle', 'shutter hardware', 'shutter dog'], ['steel', 'cast iron']),
];
