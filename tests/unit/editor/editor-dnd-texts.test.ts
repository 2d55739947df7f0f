import { describe, expect, it } from 'vitest';
import { dragAnnouncements, dragInstructions } from '../../../src/features/editor/dnd-texts.ts';

const rows = ['Mjöl', 'Ägg', 'Mjölk'];
const say = dragAnnouncements({
  nameOf: (id) => String(id),
  positionOf: (id) => rows.indexOf(String(id)) + 1,
  count: () => rows.length,
});
const node = (id: string) => ({
  id,
  rect: { current: { initial: null, translated: null } },
  data: { current: undefined },
});
const over = (id: string) => ({
  id,
  rect: { width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0 },
  disabled: false,
  data: { current: undefined },
});

describe('Swedish drag announcements', () => {
  it('name the ingredient and its place, not an id in English', () => {
    expect(say.onDragStart({ active: node('Ägg') })).toBe('Lyfte Ägg, plats 2 av 3.');
    expect(say.onDragOver({ active: node('Ägg'), over: over('Mjöl') })).toBe('Ägg flyttad till plats 1 av 3.');
    expect(say.onDragEnd({ active: node('Ägg'), over: over('Mjöl') })).toBe('Ägg släppt på plats 1 av 3.');
    expect(say.onDragCancel({ active: node('Ägg'), over: null })).toBe(
      'Flytten avbröts. Ägg ligger kvar på plats 2 av 3.',
    );
  });

  it('stay quiet while the lifted row is over itself, so the pick-up is heard', () => {
    expect(say.onDragOver({ active: node('Ägg'), over: over('Ägg') })).toBeUndefined();
  });

  it('explain the keys in Swedish', () => {
    expect(dragInstructions.draggable).toContain('mellanslag');
    expect(dragInstructions.draggable).toContain('Escape');
  });
});
