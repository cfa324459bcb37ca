// The gallery wall module's public face: the hanging guide PDF of a planned arrangement of artworks.
export { galleryWallRoutes } from './routes';
export type { GalleryWallRouteDeps } from './routes';
