/** The id of the <script type="application/json"> element that carries the brand into the page. */
export const BRAND_SCRIPT_ID = 'drover-brand';
