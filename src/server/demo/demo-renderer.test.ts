import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawDemo, type DemoDrawing } from './demo-renderer';

describe('drawing a demo picture in the child process', () => {
  const drawing: DemoDrawing = {
    svg: '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="100"><rect width="80" height="100" fill="teal"/></svg>',
    density: 144,
    outputs: [
      [
        ['resize', 40, 50],
        ['webp', { quality: 82, effort: 2 }],
      ],
      [['withDensity', 300], ['png']],
    ],
  };

  it('makes each output from one bitmap of the SVG, in order', async () => {
    const [webp, png] = await drawDemo(drawing);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 40, height: 50 });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 160, height: 200, density: 300 });
  });

  it('reports a drawing that fails, and draws the others asked for at the same time', async () => {
    const [failed, drawn] = await Promise.allSettled([drawDemo({ ...drawing, svg: 'not an svg' }), drawDemo(drawing)]);
    expect(failed).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/drawing a demo picture failed/) },
    });
    expect(drawn).toMatchObject({ status: 'fulfilled', value: [expect.any(Buffer), expect.any(Buffer)] });
  });
});
