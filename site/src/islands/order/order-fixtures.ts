import { EMPTY, type Values } from './order-form';

/** Tests only: an order form filled as a buyer would (road delivery, so the address is asked). */
export const COMPLETE_ORDER: Values = {
  ...EMPTY,
  payment_by: 'Visa',
  currency: 'Fcfa',
  payment_term: '30 jours',
  delivery_method: 'Route',
  credit_level: 'Sans acompte',
  delivery_address: 'Zone portuaire, Lomé',
  company_name: 'Agro Sud',
  company_phone: '+228 90 00 00 00',
  company_email: 'achats@agro.example',
  representative_name: 'Afi',
  representative_phone: '+228 91 00 00 00',
  representative_email: 'afi@agro.example',
};
