export * from '#shared/mockup-scenes.ts';
