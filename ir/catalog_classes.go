package ir

// Shorthands for the table below.
func pins(names ...string) []CatalogPin {
	ps := make([]CatalogPin, len(names))
	for i, n := range names {
		ps[i] = CatalogPin{Name: n}
	}
	return ps
}

func constPins(names ...string) []CatalogPin {
	ps := make([]CatalogPin, len(names))
	for i, n := range names {
		ps[i] = CatalogPin{Name: n, Const: "Const" + n}
	}
	return ps
}

func out(t string) []CatalogOutput { return []CatalogOutput{{Type: t}} }

func props(names ...string) []CatalogProp {
	ps := make([]CatalogProp, len(names))
	for i, n := range names {
		ps[i] = CatalogProp{Name: n}
	}
	return ps
}

var samplerTypes = []string{"Color", "Grayscale", "Alpha", "Normal", "Masks", "DistanceFieldFont",
	"LinearColor", "LinearGrayscale", "Data", "External", "VirtualColor", "VirtualGrayscale",
	"VirtualAlpha", "VirtualNormal", "VirtualMasks", "VirtualLinearColor", "VirtualLinearGrayscale"}

var sceneTextureIDs = []string{"SceneColor", "SceneDepth", "DiffuseColor", "SpecularColor",
	"SubsurfaceColor", "BaseColor", "Specular", "Metallic", "WorldNormal", "SeparateTranslucency",
	"Opacity", "Roughness", "MaterialAO", "CustomDepth", "PostProcessInput0", "PostProcessInput1",
	"PostProcessInput2", "PostProcessInput3", "PostProcessInput4", "PostProcessInput5",
	"PostProcessInput6", "DecalMask", "ShadingModelColor", "ShadingModelID", "AmbientOcclusion",
	"CustomStencil", "StoredBaseColor", "StoredSpecular", "Velocity", "WorldTangent", "Anisotropy"}

var spaces = []string{"Tangent", "Local", "World", "View", "Camera", "ParticleWorld", "Instance",
	"PeriodicWorld", "TranslatedWorld", "FirstPerson"}

var textureSampleOutputs = []CatalogOutput{{"RGB", "float3"}, {"R", "float"}, {"G", "float"},
	{"B", "float"}, {"A", "float"}, {"RGBA", "float4"}}

var textureSampleParamPins = []CatalogPin{{Name: "Coordinates", Const: "ConstCoordinate"},
	{Name: "TextureObject"}, {Name: "MipValue", Const: "ConstMipValue"}, {Name: "AutomaticViewMipBiasValue"},
	{Name: "DDX"}, {Name: "DDY"}}

var textureSampleParamProps = []CatalogProp{{Name: "ParameterName"}, {Name: "Texture"}, {Name: "DefaultValue"},
	{Name: "SamplerType", Enum: samplerTypes}, {Name: "MipValueMode"}, {Name: "SamplerSource"},
	{Name: "Group"}, {Name: "SortPriority"}, {Name: "Desc"}, {Name: "ChannelNames"}, {Name: "bAutomaticViewMipBias"}}

var viewOutputs = []CatalogOutput{{"RGB", "float3"}, {"R", "float"}, {"G", "float"},
	{"B", "float"}, {"A", "float"}, {"RGBA", "float4"}}

// catalogClasses is the catalog; the slice index is the catalog index.
var catalogClasses = []CatalogClass{
	{Name: "TextureCoordinate", Aliases: []string{"TexCoord"}, Outputs: out("float2"),
		Props: props("CoordinateIndex", "UTiling", "VTiling", "UnMirrorU", "UnMirrorV")},
	{Name: "VertexColor", Outputs: viewOutputs, ChannelViews: true},
	{Name: "VertexColorViews", Outputs: viewOutputs, ChannelViews: true},
	{Name: "Time", Outputs: out("float"), Props: props("bIgnorePause", "bOverride_Period", "Period")},
	{Name: "SceneTexture", Pins: pins("UVs"),
		Outputs: []CatalogOutput{{"Color", "float4"}, {"Size", "float2"}, {"InvSize", "float2"}},
		Props:   []CatalogProp{{Name: "SceneTextureId", Enum: sceneTextureIDs}, {Name: "bFiltered"}}},
	{Name: "LinearInterpolate", Aliases: []string{"Lerp"}, Pins: constPins("A", "B", "Alpha"), Outputs: out("")},
	{Name: "BlendMaterialAttributes", Pins: pins("A", "B", "Alpha"), Outputs: out("material"),
		Props: props("PixelAttributeBlendType", "VertexAttributeBlendType")},
	{Name: "ClearCoatNormalCustomOutput", Pins: []CatalogPin{{Name: "Input", Required: true}}, CustomOutput: true},
	{Name: "TangentOutput", Pins: []CatalogPin{{Name: "Input", Required: true}}, CustomOutput: true},
	{Name: "ThinTranslucentMaterialOutput", Pins: pins("TransmittanceColor", "SurfaceCoverage"), CustomOutput: true},
	{Name: "BentNormalCustomOutput", Pins: pins("Input"), CustomOutput: true},
	{Name: "VolumetricAdvancedMaterialOutput", Pins: pins("PhaseG", "PhaseG2", "PhaseBlend",
		"MultiScatteringContribution", "MultiScatteringOcclusion", "MultiScatteringEccentricity",
		"ConservativeDensity"), CustomOutput: true, Props: props("bGrayScaleMaterial", "PerSamplePhaseEvaluation",
		"bGroundContribution", "MultiScatteringApproximationOctaveCount", "bClampMultiScatteringContribution",
		"bRayMarchVolumeShadow", "bClampMultiScatteringContribution", "MultiScatteringApproximationOctaveCount",
		"ConstPhaseG", "ConstPhaseG2", "ConstPhaseBlend")},
	{Name: "RuntimeVirtualTextureOutput", Pins: pins("BaseColor", "Specular", "Roughness", "Normal",
		"WorldHeight", "Opacity", "Mask", "Displacement", "Mask4"), CustomOutput: true},
	{Name: "VertexInterpolator", Pins: []CatalogPin{{Name: "Input", Aliases: []string{"VS"}, Required: true}},
		Outputs: []CatalogOutput{{"PS", ""}}},
	{Name: "DotProduct", Pins: []CatalogPin{{Name: "A", Required: true}, {Name: "B", Required: true}}, Outputs: out("float")},
	{Name: "CrossProduct", Pins: pins("A", "B"), Outputs: out("float3")},
	{Name: "TextureSample", Pins: []CatalogPin{{Name: "Coordinates", Const: "ConstCoordinate"},
		{Name: "TextureObject"}, {Name: "MipValue", Const: "ConstMipValue"},
		{Name: "AutomaticViewMipBiasValue"}, {Name: "DDX"}, {Name: "DDY"}},
		Outputs: textureSampleOutputs, ChannelViews: true,
		Props: []CatalogProp{{Name: "Texture"}, {Name: "SamplerType", Enum: samplerTypes},
			{Name: "MipValueMode"}, {Name: "SamplerSource"}, {Name: "bAutomaticViewMipBias"}}},
	{Name: "TextureObject", Outputs: out("Texture"),
		Props: []CatalogProp{{Name: "Texture"}, {Name: "SamplerType", Enum: samplerTypes}}},
	{Name: "TextureProperty", Pins: pins("TextureObject"), Outputs: out("float2"),
		Props: props("Property", "bIsTexelSize")},
	{Name: "CameraPositionWS", Aliases: []string{"CameraPosition"}, Outputs: out("float3")},
	{Name: "WorldPosition", Aliases: []string{"TranslatedWorldPosition"}, Outputs: out("float3"),
		Props: props("WorldPositionShaderOffset")},
	{Name: "ObjectPositionWS", Aliases: []string{"ObjectPosition"}, Outputs: out("float3")},
	{Name: "CameraVectorWS", Aliases: []string{"CameraVector"}, Outputs: out("float3")},
	{Name: "VertexNormalWS", Outputs: out("float3")},
	{Name: "VertexTangentWS", Outputs: out("float3")},
	{Name: "PixelNormalWS", Outputs: out("float3")},
	{Name: "ReflectionVectorWS", Aliases: []string{"ReflectionVector"}, Outputs: out("float3")},
	{Name: "ObjectBounds", Outputs: out("float3")},
	{Name: "ObjectRadius", Outputs: out("float")},
	{Name: "ScreenPosition", Aliases: []string{"ViewportUV"},
		Outputs: []CatalogOutput{{"ViewportUV", "float2"}, {"PixelPosition", "float2"}}},
	{Name: "PixelDepth", Outputs: out("float")},
	{Name: "SceneDepth", Pins: pins("Input"), Outputs: out("float")},
	{Name: "SceneColor", Pins: pins("Input"), Outputs: viewOutputs, ChannelViews: true},
	{Name: "TwoSidedSign", Outputs: out("float")},
	{Name: "PerInstanceRandom", Outputs: out("float")},
	{Name: "PerInstanceFadeAmount", Outputs: out("float")},
	{Name: "LocalPosition", Outputs: out("float3")},
	{Name: "ViewSize", Outputs: out("float2")},
	{Name: "ViewProperty", Outputs: []CatalogOutput{{"Property", ""}, {"InvProperty", ""}}, Props: props("Property")},
	{Name: "IsOrthographic", Outputs: out("float")},
	{Name: "Panner", Pins: pins("Coordinate", "Time", "Speed"), Outputs: out("float2"),
		Props: props("SpeedX", "SpeedY", "ConstCoordinate", "bFractionalPart")},
	{Name: "Transform", Aliases: []string{"TransformVector"}, Pins: []CatalogPin{{Name: "Input", Required: true}},
		Outputs: out("float3"), Props: []CatalogProp{{Name: "TransformSourceType", Enum: spaces, Alias: "Source"},
			{Name: "TransformType", Enum: spaces, Alias: "Destination"}}},
	{Name: "TransformPosition", Pins: []CatalogPin{{Name: "Input", Required: true}}, Outputs: out("float3"),
		Props: []CatalogProp{{Name: "TransformSourceType", Enum: spaces, Alias: "Source"},
			{Name: "TransformType", Enum: spaces, Alias: "Destination"}}},
	{Name: "CollectionParameter", Aliases: []string{"CollectionParam"}, Outputs: out(""),
		Props: props("Collection", "ParameterName", "ParameterId")},
	{Name: "StaticSwitchParameter", Pins: []CatalogPin{{Name: "A", Aliases: []string{"True"}}, {Name: "B", Aliases: []string{"False"}}}, Outputs: out(""),
		Props: props("ParameterName", "DefaultValue", "Group", "Desc", "SortPriority")},
	{Name: "StaticSwitch", Pins: []CatalogPin{{Name: "A", Aliases: []string{"True"}}, {Name: "B", Aliases: []string{"False"}}, {Name: "Value"}},
		Outputs: out(""), Props: props("DefaultValue")},
	{Name: "TextureSampleParameter2D", Pins: textureSampleParamPins, Outputs: textureSampleOutputs, ChannelViews: true, Props: textureSampleParamProps},
	{Name: "TextureSampleParameter2DArray", Pins: textureSampleParamPins, Outputs: textureSampleOutputs, ChannelViews: true, Props: textureSampleParamProps},
	{Name: "TextureSampleParameterCube", Pins: textureSampleParamPins, Outputs: textureSampleOutputs, ChannelViews: true, Props: textureSampleParamProps},
	{Name: "TextureSampleParameterCubeArray", Pins: textureSampleParamPins, Outputs: textureSampleOutputs, ChannelViews: true, Props: textureSampleParamProps},
	{Name: "TextureSampleParameterVolume", Pins: textureSampleParamPins, Outputs: textureSampleOutputs, ChannelViews: true, Props: textureSampleParamProps},
	{Name: "TextureSampleParameterSubUV", Pins: textureSampleParamPins, Outputs: textureSampleOutputs, ChannelViews: true, Props: textureSampleParamProps},
	{Name: "RuntimeVirtualTextureSampleParameter", Pins: pins("Coordinates", "WorldPosition", "MipValue"),
		Outputs: []CatalogOutput{{"BaseColor", "float3"}, {"Specular", "float"}, {"Roughness", "float"},
			{"Normal", "float3"}, {"WorldHeight", "float"}, {"Mask", "float"}},
		Props: props("ParameterName", "VirtualTexture", "MaterialType", "Group", "SortPriority", "Desc")},
	{Name: "ChannelMaskParameter", Pins: pins("Input"), Outputs: out("float"),
		Props: props("ParameterName", "DefaultValue", "MaskChannel", "Group", "SortPriority", "Desc")},
	{Name: "StaticComponentMaskParameter", Pins: pins("Input"), Outputs: out(""),
		Props: props("ParameterName", "DefaultR", "DefaultG", "DefaultB", "DefaultA", "DefaultValue", "Group", "SortPriority", "Desc")},
	{Name: "StaticBool", Outputs: out("bool"), Props: props("Value")},
	{Name: "If", Pins: []CatalogPin{{Name: "A"}, {Name: "B", Const: "ConstB"}, {Name: "AGreaterThanB"},
		{Name: "AEqualsB"}, {Name: "ALessThanB"}}, Outputs: out(""), Props: props("EqualsThreshold", "ConstB", "ConstAEqualsB")},
	{Name: "Custom", Outputs: out(""), Props: props("Code", "Description", "OutputType", "AdditionalOutputs", "IncludeFilePaths", "AdditionalDefines")},
	{Name: "Sine", Pins: pins("Input"), Outputs: out(""), Props: props("Period")},
	{Name: "Cosine", Pins: pins("Input"), Outputs: out(""), Props: props("Period")},
	{Name: "SmoothStep", Pins: constPins("Min", "Max", "Value"), Outputs: out("")},
	{Name: "Length", Pins: pins("Input"), Outputs: out("float")},
	{Name: "Saturate", Pins: pins("Input"), Outputs: out("")},
	{Name: "MakeMaterialAttributes", Pins: pins("BaseColor", "Metallic", "Specular", "Roughness",
		"Anisotropy", "EmissiveColor", "Opacity", "OpacityMask", "Normal", "Tangent",
		"WorldPositionOffset", "SubsurfaceColor", "ClearCoat", "ClearCoatRoughness",
		"AmbientOcclusion", "Refraction", "PixelDepthOffset", "ShadingModel", "Displacement"),
		Outputs: out("material")},
	{Name: "ShadowReplace", Pins: pins("Default", "Shadow"), Outputs: out("")},
	{Name: "FeatureLevelSwitch", Pins: pins("Default", "ES3_1", "SM5", "SM6"), Outputs: out("")},
	{Name: "RayTracingQualitySwitch", Pins: pins("Normal", "RayTraced"), Outputs: out("")},
	{Name: "VirtualTextureFeatureSwitch", Pins: pins("No", "Yes"), Outputs: out("")},
	{Name: "RuntimeVirtualTextureSample", Pins: pins("Coordinates", "WorldPosition", "MipValue"),
		Outputs: []CatalogOutput{{"BaseColor", "float3"}, {"Specular", "float"}, {"Roughness", "float"},
			{"Normal", "float3"}, {"WorldHeight", "float"}, {"Mask", "float"}},
		Props: props("VirtualTexture", "MaterialType")},
	{Name: "RuntimeVirtualTextureReplace", Pins: pins("Default", "VirtualTextureOutput"), Outputs: out("")},
	{Name: "MaterialXLuminance", Pins: pins("Input"), Outputs: out("float")},
	{Name: "CloudSampleAttribute", Outputs: []CatalogOutput{{"Altitude", "float"},
		{"AltitudeInLayer", "float"}, {"NormAltitudeInLayer", "float"}, {"ShadowSampleDistance", "float"}}},
	{Name: "VolumetricAdvancedMaterialInput", Outputs: []CatalogOutput{{"ConservativeDensity", "float3"}}},
	{Name: "CurveAtlasRowParameter", Pins: pins("InputTime"), Outputs: out("float4"),
		Props: props("ParameterName", "Curve", "Atlas")},
	// Substrate (the legacy catalog of GOLDENS §2).
	{Name: "Slab", Aliases: []string{"SubstrateSlab", "SubstrateSlabBSDF"}, Pins: pins("DiffuseAlbedo", "F0", "F90",
		"Roughness", "Anisotropy", "Normal", "Tangent", "SSSMFP", "SSSMFPScale", "SSSPhaseAniso",
		"EmissiveColor", "SecondRoughness", "SecondRoughnessWeight", "FuzzRoughness", "FuzzAmount",
		"FuzzColor", "Glint", "SpecularProfile", "ThinFilmThickness"), Outputs: out("Substrate")},
	{Name: "MetalnessToDiffuseAlbedoF0", Pins: pins("BaseColor", "Metallic", "Specular"),
		Outputs: []CatalogOutput{{"DiffuseAlbedo", "float3"}, {"F0", "float3"}}},
	{Name: "HorizontalMixing", Pins: pins("Background", "Foreground", "Mix"), Outputs: out("Substrate")},
	{Name: "VerticalLayering", Pins: pins("Top", "Base", "Thickness"), Outputs: out("Substrate")},
	{Name: "Weight", Pins: pins("A", "Weight"), Outputs: out("Substrate")},
	{Name: "SubstrateAdd", Pins: pins("A", "B"), Outputs: out("Substrate")},
	{Name: "Unlit", Aliases: []string{"SubstrateUnlit"}, Pins: pins("EmissiveColor", "TransmittanceColor", "Normal"), Outputs: out("Substrate")},
}
