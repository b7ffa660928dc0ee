/** Attribution lines for every place source, as their licences ask. */
import type { Attribution } from './types';

export const ATTRIBUTIONS: Attribution[] = [
  { key: 'geonames', text: 'Place names from GeoNames (geonames.org)', licence: 'CC BY 4.0' },
  {
    key: 'ons-postcodes',
    text: 'Postcodes and street names derived from the ONS Postcode Directory. Contains Royal Mail data (c) Royal Mail copyright and database right; Contains OS data (c) Crown copyright and database right',
    licence: 'OGL v3',
  },
  {
    key: 'council-areas',
    text: 'Council areas: Contains OS data (c) Crown copyright and database right',
    licence: 'OGL v3',
  },
  {
    key: 'facts-health',
    text: 'Hospitals and health sites from NHS Tayside and NHS Forth Valley public pages (each row cites its source)',
    licence: 'facts with cited sources',
  },
  {
    key: 'facts-park',
    text: 'Loch Lomond & The Trossachs National Park destinations from public pages (each row cites its source)',
    licence: 'facts with cited sources',
  },
  { key: 'gtfs-rail', text: 'Contains National Rail Enquiries data (Rail Delivery Group)', licence: 'CC BY 2.0 UK' },
  { key: 'gtfs-ember', text: 'Ember coach stops: Ember open data', licence: 'operator open data' },
  { key: 'osm', text: '(c) OpenStreetMap contributors', licence: 'ODbL' },
  {
    key: 'naptan',
    text: 'Bus stops, stations and taxi ranks from NaPTAN (Department for Transport). Contains public sector information licensed under the Open Government Licence v3.0.',
    licence: 'OGL v3',
  },
];
