// The colours the wall preview offers and draws with. A dark wall gets a light figure, so the person stays visible.

export interface WallColour {
  id: string;
  name: string;
  hex: string;
  dark: boolean;
}

export const WALL_COLOURS: readonly WallColour[] = [
  { id: 'white', name: 'White', hex: '#f3f1ec', dark: false },
  { id: 'warm-grey', name: 'Warm grey', hex: '#c9c1b6', dark: false },
  { id: 'sage', name: 'Sage', hex: '#a7b59d', dark: false },
  { id: 'navy', name: 'Navy', hex: '#26364f', dark: true },
  { id: 'terracotta', name: 'Terracotta', hex: '#b5634a', dark: true },
];

export const SOFA_COLOUR = '#7b8794';
export const FLOOR_COLOUR = '#b79878';
export const SKIRTING_COLOUR = '#eeebe5';
export const MAT_COLOUR = '#fdfdfb';
