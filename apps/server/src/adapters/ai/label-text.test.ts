import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.js';
import { checkedAgainst, findPartNumbers, partNamedIn, partsNamedIn } from './label-text.js';

const numbers = (...lines: Parameters<typeof findPartNumbers>[0]) => findPartNumbers(lines).map((n) => n.display);
const sure = (text: string) => ({ text, p: [...text].map(() => 0.99) });

describe('part numbers in a label', () => {
  it('reads labelled, German, seven-digit and spaced part numbers', () => {
    expect(numbers('PART No. 23.10.00')).toEqual(['23.10.00']);
    expect(numbers('Art.-Nr. 4711 123')).toEqual(['4711 123']);
    expect(numbers('1234567')).toEqual(['1234567']);
    expect(numbers('MODEL TH 41630')).toEqual(['TH 41630']);
    expect(numbers('TH 41630')).toEqual(['TH 41630']);
    // OCR runs the label into the number, reads P/N as PIN, misses a letter.
    expect(numbers('CATY7194')).toEqual(['Y7194']);
    expect(numbers('PIN 5588-3492')).toEqual(['5588-3492']);
    expect(numbers('PAFT No. 36. 69. 65')).toEqual(['36.69.65']);
    expect(numbers('TTEM#TH57226')).toEqual(['TH57226']);
    expect(numbers('Art.-1m.309.383')).toEqual(['309.383']);
    expect(numbers('ArL-Nr.3146 292')).toEqual(['3146 292']);
    expect(numbers('P/T9768-4804')).toEqual(['9768-4804']);
    expect(numbers('P/IN 4765-0658')).toEqual(['4765-0658']);
    // 'No.' read 'Nb.' is still the label, not the start of the number.
    expect(numbers('PART Nb.WD 9262Y')).toEqual(['WD 9262Y']);
  });

  it('never takes a phone number, a date, a price, a measurement or a year for one', () => {
    for (const line of [
      'TEL 1-800-555-0199',
      '(555) 123-4567',
      '555-0199',
      'MFD 2023-04-17',
      '15.03.2024',
      '$12.99',
      '12,99 EUR',
      '35 mm',
      '2-1/2 in',
      '2-1/2n',
      '12.9935MM',
      'MAX 14 KG',
      'EST. 1998',
      '© 2019',
      '1998',
      'MADEIN USA86/2013',
      'MADEINUSA22/2021',
      'ADEINUSA37/2018',
      // A barcode's number, also with its word misread into it.
      'EAN 7955240452665',
      'EA11 7955240452665',
      'UPC 012345678905',
    ]) {
      expect(numbers(line), line).toEqual([]);
    }
    expect(numbers('HAGER', 'TEL 1-800-555-0199', 'P/N 2795-2892', '35 mm')).toEqual(['2795-2892']);
    // A lot number bent away from its word.
    expect(numbers('PIN 2134-6131', 'LOT', '4891-81')).toEqual(['2134-6131']);
  });

  it('shows a character read unsurely as ? and marks the number unsure', () => {
    const text = 'PART No. TH 23.15';
    const p = [...text].map((_, i) => (i === text.length - 1 ? 0.3 : 0.99));
    expect(findPartNumbers([{ text, p }])).toEqual([
      { display: 'TH 23.1? (unsure)', key: 'TH231?', unsure: true, confidence: 0.3 },
    ]);
    // A letter among digits that could be several digits (g for 9 or 6, B for 8 or 3) is a guess, however surely
    // the letter itself was read; O for 0 and l for 1 are not.
    expect(numbers(sure('103040g'))).toEqual(['103040? (unsure)']);
    expect(numbers(sure('P/N 55B8-3492'))).toEqual(['55?8-3492 (unsure)']);
    expect(numbers(sure('PART No. 2O.l4.00'))).toEqual(['20.14.00']);
    // A group a character shorter than its like siblings lost one.
    expect(numbers(sure('PART NO. 0.75.55'))).toEqual(['0.75.55 (unsure)']);
    expect(numbers(sure('PAPTNo.98.24.23'))).toEqual(['98.24.23']);
    // Two reads of one photo that disagree on a character: that character is unsure.
    expect(numbers(sure('Art.-Nr. 657.469'), sure('Art.-Nr. 657.463'))).toEqual(['657.46? (unsure)']);
    // Or one read has a character the other has not: which is right is not known.
    expect(numbers(sure('ITEM #TH25925'), sure('TTEM#TH125925'))).toEqual(['TH25925 (unsure)']);
    // Or one read saw more of it than the other (a bent line's end).
    expect(numbers(sure('P/N 5669'), sure('P/N 5669-6'))).toEqual(['5669 (unsure)']);
  });

  it('reads a number after a maker’s name as labelled, and typed numbers a character apart as two', () => {
    expect(numbers('Order the **Truth** 23.10 operator')).toEqual(['23.10']);
    expect(numbers('Andersen 1234567 sash')).toEqual(['1234567']);
    for (const text of ['Andersen 400 series', 'Truth 2005', 'Pella $12.99', 'Truth 1-800-555-0199'])
      expect(numbers(text), text).toEqual([]);
    expect(numbers('KW-20315 or KW-20316, and TH-23.10')).toEqual(['KW-20315', 'KW-20316', 'TH-23.10']);
    // 'Art.-Nr.' with its r misread is still the label.
    expect(numbers(sure('Art-INr.0251 787'))).toEqual(['0251 787']);
  });
});

describe('a sure number read again from other cuts of its line', () => {
  const read = (text: string, unsureAt = -1) =>
    findPartNumbers([{ text, p: [...text].map((_, i) => (i === unsureAt ? 0.3 : 0.99)) }]);
  const [number] = read('P/N 4765-0658');

  it('is unsure when two cuts read it otherwise and fewer read it as it was read', () => {
    const doubting = read('P/N 4765-0658', 10);
    expect(checkedAgainst([number!], [doubting, doubting, read('P/N 4765-0658')]).map((n) => n.display)).toEqual([
      '4765-0?58 (unsure)',
    ]);
  });

  it('stays sure when as many cuts read it surely as doubt it, or one cut alone doubts it', () => {
    const doubting = read('P/N 4765-0658', 10);
    const agreeing = read('P/N 4765-0658');
    expect(checkedAgainst([number!], [doubting, doubting, agreeing, agreeing]).map((n) => n.display)).toEqual([
      '4765-0658',
    ]);
    expect(checkedAgainst([number!], [read('P/N 4765-0698'), [], []]).map((n) => n.display)).toEqual(['4765-0658']);
  });
});

describe('catalogue names', () => {
  it('has one entry per name', () => {
    const seen = new Map<string, string>();
    for (const part of CATALOGUE) {
      for (const name of [part.name, ...part.synonyms]) {
        const key = name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim();
        expect(seen.get(key), `${name} in ${part.name} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, part.name);
      }
    }
    for (const name of ['window crank', 'keeper', 'hinge', 'espagnolette', 'operator arm', 'mortise lock']) {
      expect(seen.has(name), name).toBe(true);
    }
  });

  it('finds names OCR ran together or misread by a letter, the longest name first', () => {
    expect(partNamedIn('CASEMENTOPERATOR')?.part.name).toBe('casement window operator');
    expect(partNamedIn('CASEENWINDO LOCK')?.part.name).toBe('casement window lock');
    expect(partNamedIn('DOOR HINGE PIN')?.part.name).toBe('hinge pin');
    // Broken over two lines; a generic name with the words before it read (a letter off) is the longer name.
    expect(partNamedIn('CONCEALED\nDOOR HI NGE')?.part.name).toBe('concealed door hinge');
    expect(partNamedIn('PATLO\n0 DOOR HANDLE')?.part.name).toBe('sliding door handle set');
    expect(partsNamedIn('a plain grey photo')).toEqual([]);
    // A worn label read a letter off in five, run together; a name read exactly beats one a letter off.
    expect(partsNamedIn('SCREEIDOOKPOLLER', { worn: true })[0]?.part.name).toBe('screen door roller');
    expect(partNamedIn('SCREEIDOOKPOLLER')).toBeNull();
    expect(partNamedIn('DOOR CATCH')?.name).toBe('door catch');
    expect(partNamedIn('DOOR LATCH')?.name).toBe('door latch');
  });
});
