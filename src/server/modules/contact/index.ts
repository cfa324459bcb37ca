// The contact module's public face: the only file the rest of the server imports from it. The contact form: messages
// kept and mailed to the owner.
export { contactRoutes } from './routes';
