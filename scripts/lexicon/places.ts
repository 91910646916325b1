/**
 * Countries, US states and a few regions: places a domain name often leads with that a city
 * list lacks. Written by the Zonewise team (common knowledge, not taken from any data set).
 */
export const COUNTRIES_AND_REGIONS: readonly string[] = (
  "afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan " +
  "bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan bolivia bosnia botswana " +
  "brazil brunei bulgaria burundi cambodia cameroon canada chad chile china colombia congo " +
  "croatia cuba cyprus czechia denmark djibouti dominica ecuador egypt eritrea estonia eswatini " +
  "ethiopia fiji finland france gabon gambia georgia germany ghana greece grenada guatemala guinea " +
  "guyana haiti honduras hungary iceland india indonesia iran iraq ireland israel italy jamaica " +
  "japan jordan kazakhstan kenya kiribati korea kosovo kuwait kyrgyzstan laos latvia lebanon " +
  "lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali " +
  "malta mauritania mauritius mexico micronesia moldova monaco mongolia montenegro morocco mozambique " +
  "myanmar namibia nauru nepal netherlands nicaragua niger nigeria norway oman pakistan palau " +
  "panama paraguay peru philippines poland portugal qatar romania russia rwanda samoa senegal " +
  "serbia seychelles singapore slovakia slovenia somalia spain srilanka sudan suriname sweden " +
  "switzerland syria taiwan tajikistan tanzania thailand togo tonga tunisia turkey turkmenistan " +
  "tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela vietnam yemen zambia zimbabwe " +
  "america england scotland wales britain europe asia africa oceania scandinavia caribbean " +
  "alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho " +
  "illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota " +
  "mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas " +
  "utah vermont virginia washington wisconsin wyoming carolina dakota jersey hampshire " +
  "ontario quebec alberta manitoba saskatchewan tasmania queensland bavaria catalonia andalusia " +
  "tuscany provence normandy brittany siberia patagonia yorkshire cornwall devon kent essex surrey"
)
  .split(" ")
  .filter((w) => w !== "");
