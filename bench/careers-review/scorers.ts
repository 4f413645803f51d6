/** Every item kind the careers review scores; a new kind's module is appended here. */
import { moves } from './moves.js';
import { profiles } from './profiles.js';
import type { ReviewScorer } from './score.js';
import { skills } from './skills.js';
import { twins } from './twins.js';

export const SCORERS: ReviewScorer[] = [skills, twins, moves, profiles];
