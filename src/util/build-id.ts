/**
 * What identifies the plugin's code, for a verdict kept between runs and trusted by code that cannot
 * compute the text test's own key (the rules' first look at a file, before the analysis is loaded).
 * The bundle step replaces this module with a hash of the code it bundles; run from its sources (the
 * tests), the code is `source`.
 */
export const BUILD_ID: string = 'source';
