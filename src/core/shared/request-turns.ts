/**
 * A request's place in the embedded database's turns (store/turns.ts): ahead of background work,
 * and shared fairly with other organizations once `actingFor` names whose it is.
 */
export { actingFor, asRequest, currentOwner } from '../../store/turns.js';
