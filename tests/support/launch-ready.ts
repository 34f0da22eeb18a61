// The bundled site settings with every launch placeholder replaced by a real-looking value: what a
// founder publishes before going live (the Studio's warnings and the launch-readiness list are empty).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stored document is untyped JSON
type Settings = Record<string, any>;

export function launchReadySettings<T extends Settings>(settings: T): T {
  return {
    ...settings,
    communityGroups: (settings.communityGroups as { audience: string }[]).map((group) => ({
      ...group,
      inviteUrl:
        group.audience === 'reiter'
          ? 'https://chat.whatsapp.com/Ab12Cd34Ef56Gh78'
          : 'https://chat.whatsapp.com/Zy98Xw76Vu54Ts32',
    })),
    heroVideo: { ...settings.heroVideo, youtubeId: 'AbCdEfGhIjK' },
    photoNetwork: { ...settings.photoNetwork, url: 'https://www.instagram.com/lena.hartmann.reitet/' },
    operator: {
      ...settings.operator,
      name: 'Lena Hartmann',
      street: 'Am Reitplatz 3',
      postalCode: '14469',
      city: 'Potsdam',
      email: 'kontakt@lena-hartmann.de',
      phone: '+49 331 000000',
      vatId: undefined,
      responsibleForContent: undefined,
    },
  };
}
