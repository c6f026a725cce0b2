/** The team shown on the about page (spec: six members, each with photo, name and post). */
export interface TeamMember {
  teamImage: string;
  teamName: string;
  teamPost: string;
}

export const team: TeamMember[] = [
  { teamImage: '/images/team/kodjo-amegah.svg', teamName: 'Kodjo Amegah', teamPost: 'Directeur général' },
  { teamImage: '/images/team/afi-mensah.svg', teamName: 'Afi Mensah', teamPost: 'Directrice commerciale' },
  { teamImage: '/images/team/yao-agbodjan.svg', teamName: 'Yao Agbodjan', teamPost: 'Responsable technique' },
  { teamImage: '/images/team/essi-lawson.svg', teamName: 'Essi Lawson', teamPost: 'Responsable logistique' },
  { teamImage: '/images/team/komi-adjovi.svg', teamName: 'Komi Adjovi', teamPost: 'Ingénieur maintenance' },
  { teamImage: '/images/team/akossiwa-dossou.svg', teamName: 'Akossiwa Dossou', teamPost: 'Chargée de clientèle' },
];
