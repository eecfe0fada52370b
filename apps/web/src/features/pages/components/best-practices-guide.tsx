import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSiteName } from '../../../lib/public-config';
import './prose-page.css';

export function BestPracticesGuide() {
  const siteName = useSiteName();
  return (
    <article className="prose-page">
      <h1 className="text-3xl font-semibold tracking-tight">Best Practices: photographing hardware</h1>
      <p className="text-muted">
        How to take photos and write a question so the community can identify your window, door, screen or glazing part.
      </p>
      <p>
        Most hardware questions are answered from the pictures alone, and most questions that stay unsolved are missing
        one key photo or measurement. A few minutes with the tips below usually saves days of back-and-forth.
      </p>

      <h2>1. Light it well</h2>
      <ul>
        <li>Use daylight where you can: open the sash or door, or take the part to a window.</li>
        <li>
          Avoid the flash straight on; it flattens detail and glares off chrome, brass and glass. If you need more
          light, hold a torch to the side so stamped text and edges cast small shadows.
        </li>
        <li>
          Tap the screen to focus on the part, not the background, and hold still (brace your elbows) to avoid blur.
        </li>
      </ul>

      <h2>2. Show the scale</h2>
      <p>
        A close-up with nothing beside it could be 20 mm or 200 mm long. Put something of known size in the frame: a
        tape measure or ruler laid along the part is best; a coin, a credit card or a standard pen works too. Keep the
        reference at the same distance from the camera as the part.
      </p>

      <h2>3. Find and photograph every marking</h2>
      <p>
        Brand names, logos, patent numbers and part numbers are the fastest route to an exact match. Look on the back of
        handles, inside operator covers, on the edge of sash locks, on the ends of balances and spiral rods, along the
        spine of hinges, on the spacer bar between glass panes, and in the corner of the glass itself (safety glass is
        etched there). Take a sharp, straight-on close-up of each marking and type the text into your question as well,
        in case the photo is hard to read.
      </p>

      <h2>4. Take it in place, then removed</h2>
      <ul>
        <li>
          <strong>In place:</strong> one wide photo that shows the whole window or door, then a medium shot showing
          where the part sits and how it connects to the frame or sash.
        </li>
        <li>
          <strong>Removed:</strong> if it is safe to take the part off, photograph it on a plain, contrasting background
          (a sheet of paper works well) with your scale reference beside it.
        </li>
        <li>
          Only remove parts you can refit. Balances, springs and closers can hold a lot of tension, and glass panes are
          heavy and sharp: if in doubt, photograph in place.
        </li>
      </ul>

      <h2>5. Photograph both sides and every angle</h2>
      <p>
        Take the front, the back, both ends and the side profile. The mounting side is often what distinguishes two
        parts that look identical from the front: screw hole spacing, the shape of the base, the length and spline of a
        shaft, or the direction a handle or operator turns. For hinged windows and doors, note which side the hinges are
        on (the handing).
      </p>

      <h2>6. Measure what matters</h2>
      <ul>
        <li>Overall length, width and thickness of the part.</li>
        <li>Hole spacing, measured centre to centre, and the size of the screws.</li>
        <li>For operators and handles: the spline or shaft size and length, and the arm length.</li>
        <li>For screens: the frame width and height, the frame depth, and the spline diameter.</li>
        <li>For glazing: the glass size, overall unit thickness, and the thickness of each pane if you can see it.</li>
        <li>For doors: thickness, backset of the lock, and hinge height and corner radius.</li>
      </ul>
      <p>
        Say whether measurements are in millimetres or inches, and photograph the tape measure against the part when you
        can.
      </p>

      <h2>7. Capture the context</h2>
      <p>
        The window or door itself narrows the search. Photograph the manufacturer's label, often on the frame, the sash,
        or between the glass panes, and note the frame material (vinyl, aluminium, wood, fibreglass), the window type
        (casement, awning, single or double hung, slider), and roughly when it was installed.
      </p>

      <h2>8. Keep your privacy</h2>
      <p>
        Crop out house numbers, people, and anything that shows where you live. {siteName} removes location data from
        uploaded photos automatically, but what is visible in the picture stays visible.
      </p>

      <h2>9. Write a question people can answer</h2>
      <ul>
        <li>Pick the right topic: Windows, Doors, Screens, Glazing or Miscellaneous.</li>
        <li>
          Use a specific title: "Casement operator with 7 mm spline, arm stamped 'TR' on underside" beats "Need this
          part".
        </li>
        <li>
          In the description, say what the part does, what is wrong with it (broken, stripped, seized, missing), what
          you have already tried, and every marking and measurement you found.
        </li>
        <li>Add a few tags such as the brand, the part type and the material.</li>
        <li>
          Attach up to three photos: the wide shot, the close-up with scale, and the marking. A short video helps for
          moving parts.
        </li>
      </ul>

      <h2>10. After you get an answer</h2>
      <p>
        Reply to say whether the suggestion fitted, and where you found the part. Once a question is marked as solved it
        helps the next person with the same hardware, so a final note with the exact part number is valuable.
      </p>

      <p>
        Ready? <Link to={paths.ask}>Ask a question</Link> or browse{' '}
        <Link to={paths.homeFiltered('solved')}>solved questions</Link> to see examples of clear photos.
      </p>
    </article>
  );
}
