// The categories module's public face: the only file the rest of the server imports from it. The categories and how
// many published artworks each holds.
export { categoryRoutes } from './routes';
