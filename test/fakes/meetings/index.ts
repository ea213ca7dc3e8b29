export { FakeMeetings, type FakeMeeting, type Person, type Utterance } from './server.js';
