/**
 * Well-known PC games, as the desktop app's game detection recognises them (docs/features.md,
 * "Games"). Matched here, on this computer, against the names of running programs
 * (game-detection/matcher.ts); only a game's `name` ever leaves the main process.
 *
 * To add a game, add one entry:
 * - `name`: as players write it (it is what the status says, and what the server's list holds);
 * - `windows`: executable file names (also what Proton and Wine run on Linux);
 * - `mac`: app bundle names, without `.app`;
 * - `linux`: native executable names;
 * - `steam`: the game's folder under `steamapps/common/` (catches any executable in it, on
 *   Linux through Proton too).
 * Compared without case. Keep names distinctive: a launcher or a generic `game.exe` would
 * match far too much.
 */
export interface KnownGame {
  name: string
  windows?: readonly string[]
  mac?: readonly string[]
  linux?: readonly string[]
  steam?: readonly string[]
}

export const KNOWN_GAMES: readonly KnownGame[] = [
  {
    name: 'Counter-Strike 2',
    windows: ['cs2.exe'],
    linux: ['cs2'],
    steam: ['Counter-Strike Global Offensive'],
  },
  {
    name: 'Dota 2',
    windows: ['dota2.exe'],
    mac: ['dota2'],
    linux: ['dota2'],
    steam: ['dota 2 beta'],
  },
  {
    name: 'League of Legends',
    windows: ['League of Legends.exe'],
    mac: ['League of Legends', 'LeagueofLegends'],
  },
  { name: 'Valorant', windows: ['VALORANT-Win64-Shipping.exe'] },
  {
    name: 'Fortnite',
    windows: ['FortniteClient-Win64-Shipping.exe'],
    mac: ['FortniteClient-Mac-Shipping'],
  },
  {
    name: 'Minecraft',
    windows: ['Minecraft.Windows.exe'],
    mac: ['Minecraft'],
    linux: ['minecraft-launcher'],
  },
  { name: 'Apex Legends', windows: ['r5apex.exe', 'r5apex_dx12.exe'], steam: ['Apex Legends'] },
  { name: 'PUBG: Battlegrounds', windows: ['TslGame.exe'], steam: ['PUBG'] },
  { name: 'Rocket League', windows: ['RocketLeague.exe'], steam: ['rocketleague'] },
  { name: 'Overwatch 2', windows: ['Overwatch.exe'], steam: ['Overwatch'] },
  {
    name: 'Grand Theft Auto V',
    windows: ['GTA5.exe', 'GTA5_Enhanced.exe'],
    steam: ['Grand Theft Auto V', 'Grand Theft Auto V Enhanced'],
  },
  { name: 'Rust', windows: ['RustClient.exe'], steam: ['Rust'] },
  {
    name: 'Team Fortress 2',
    windows: ['tf_win64.exe', 'tf.exe'],
    linux: ['tf_linux64'],
    steam: ['Team Fortress 2'],
  },
  {
    name: 'Baldur’s Gate 3',
    windows: ['bg3.exe', 'bg3_dx11.exe'],
    mac: ["Baldur's Gate 3"],
    steam: ['Baldurs Gate 3'],
  },
  { name: 'Elden Ring', windows: ['eldenring.exe'], steam: ['ELDEN RING'] },
  {
    name: 'Cyberpunk 2077',
    windows: ['Cyberpunk2077.exe'],
    mac: ['Cyberpunk2077'],
    steam: ['Cyberpunk 2077'],
  },
  { name: 'The Witcher 3: Wild Hunt', windows: ['witcher3.exe'], steam: ['The Witcher 3'] },
  {
    name: 'Stardew Valley',
    windows: ['Stardew Valley.exe', 'StardewModdingAPI.exe'],
    mac: ['Stardew Valley'],
    linux: ['StardewValley', 'Stardew Valley'],
    steam: ['Stardew Valley'],
  },
  {
    name: 'Terraria',
    windows: ['Terraria.exe'],
    mac: ['Terraria'],
    linux: ['Terraria.bin.x86_64'],
    steam: ['Terraria'],
  },
  { name: 'Among Us', windows: ['Among Us.exe'], steam: ['Among Us'] },
  { name: 'Valheim', windows: ['valheim.exe'], linux: ['valheim.x86_64'], steam: ['Valheim'] },
  {
    name: 'Factorio',
    windows: ['factorio.exe'],
    mac: ['factorio'],
    linux: ['factorio'],
    steam: ['Factorio'],
  },
  { name: 'Hades II', windows: ['Hades2.exe'], steam: ['Hades II'] },
  { name: 'Helldivers 2', windows: ['helldivers2.exe'], steam: ['Helldivers 2'] },
  {
    name: 'Deep Rock Galactic',
    windows: ['FSD-Win64-Shipping.exe'],
    steam: ['Deep Rock Galactic'],
  },
  { name: 'Lethal Company', windows: ['Lethal Company.exe'], steam: ['Lethal Company'] },
  {
    name: 'Left 4 Dead 2',
    windows: ['left4dead2.exe'],
    linux: ['hl2_linux'],
    steam: ['Left 4 Dead 2'],
  },
  {
    name: 'Path of Exile 2',
    windows: ['PathOfExile.exe', 'PathOfExileSteam.exe'],
    steam: ['Path of Exile 2'],
  },
  {
    name: 'World of Warcraft',
    windows: ['Wow.exe', 'WowClassic.exe'],
    mac: ['World of Warcraft', 'World of Warcraft Classic'],
  },
  { name: 'Hearthstone', windows: ['Hearthstone.exe'], mac: ['Hearthstone'] },
  { name: 'StarCraft II', windows: ['SC2_x64.exe', 'SC2.exe'], mac: ['StarCraft II'] },
  { name: 'Diablo IV', windows: ['Diablo IV.exe'] },
  {
    name: 'Call of Duty',
    windows: ['cod.exe', 'ModernWarfare.exe', 'BlackOps6.exe'],
    steam: ['Call of Duty HQ'],
  },
  { name: 'Destiny 2', windows: ['destiny2.exe'], steam: ['Destiny 2'] },
  { name: 'Warframe', windows: ['Warframe.x64.exe'], steam: ['Warframe'] },
  {
    name: 'Rainbow Six Siege',
    windows: ['RainbowSix.exe', 'RainbowSix_Vulkan.exe'],
    steam: ["Tom Clancy's Rainbow Six Siege"],
  },
  { name: 'Sea of Thieves', windows: ['SoTGame.exe'], steam: ['Sea of Thieves'] },
  { name: 'Palworld', windows: ['Palworld-Win64-Shipping.exe'], steam: ['Palworld'] },
  { name: 'Marvel Rivals', windows: ['Marvel-Win64-Shipping.exe'], steam: ['MarvelRivals'] },
  { name: 'The Sims 4', windows: ['TS4_x64.exe'], mac: ['The Sims 4'], steam: ['The Sims 4'] },
  {
    name: 'Civilization VI',
    windows: ['CivilizationVI.exe', 'CivilizationVI_DX12.exe'],
    mac: ['Civilization VI'],
    linux: ['CivilizationVI'],
    steam: ["Sid Meier's Civilization VI"],
  },
  {
    name: 'Euro Truck Simulator 2',
    windows: ['eurotrucks2.exe'],
    linux: ['eurotrucks2'],
    steam: ['Euro Truck Simulator 2'],
  },
  {
    name: 'Satisfactory',
    windows: ['FactoryGameSteam-Win64-Shipping.exe', 'FactoryGame-Win64-Shipping.exe'],
    steam: ['Satisfactory'],
  },
  {
    name: 'Hollow Knight',
    windows: ['hollow_knight.exe'],
    mac: ['Hollow Knight'],
    linux: ['hollow_knight.x86_64'],
    steam: ['Hollow Knight'],
  },
  { name: 'Portal 2', windows: ['portal2.exe'], linux: ['portal2_linux'], steam: ['Portal 2'] },
  { name: 'Osu!', windows: ['osu!.exe'], linux: ['osu!'], mac: ['osu!'] },
]
