import { useRef, useState } from 'react';

/**
 * The media viewer opened from a row of tiles: which item it shows, and focus back to the tile that
 * opened it when it closes, even after stepping to other items.
 */
export function useTileViewer() {
  const [index, setIndex] = useState<number | null>(null);
  const openedFrom = useRef<number | null>(null);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);

  return {
    tileRef: (at: number) => (element: HTMLButtonElement | null) => {
      tiles.current[at] = element;
    },
    open: (at: number) => {
      openedFrom.current = at;
      setIndex(at);
    },
    viewer: {
      index,
      onIndexChange: setIndex,
      onClose: () => setIndex(null),
      onCloseAutoFocus: (event: Event) => {
        const tile = openedFrom.current === null ? null : tiles.current[openedFrom.current];
        if (tile) {
          event.preventDefault();
          tile.focus();
        }
      },
    },
  };
}
