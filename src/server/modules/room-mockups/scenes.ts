// The rooms an artwork is shown hanging in: the names live in shared/, where the pages that show and choose them
// read them too; the drawings are in scene-drawing.ts.
export * from '#shared/catalogue/mockup-scenes.ts';
