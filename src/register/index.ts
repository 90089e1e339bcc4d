import { builtinRegister } from './items.js';

/**
 * The public entry `eslint-plugin-glean/register`: the deprecation register as plain data, for ES
 * modules and CommonJS (`require('eslint-plugin-glean/register').register`) alike.
 */
export const register = builtinRegister;
export type { Register, RegisterItem, EndpointItem, FieldItem, Replacement, Operation } from './types.js';
