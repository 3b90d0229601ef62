package dss_test

import (
	"os"
	"path"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/ir"
)

// docExample is one complete `.dss` example of upstream's documentation
// (repository TypeDreamMoon/DreamShader, folder Docs/), embedded as test
// text with the page it is on. Files maps a path under DShader/ to its
// text; Root is the file compiled.
type docExample struct {
	source    string // the page
	root      string
	files     map[string]string
	substrate bool     // the example says Substrate = Native: build with Substrate on
	want      []string // substrings the dump after the passes must hold
}

var docExamples = []docExample{
	{source: "Docs/language-v2/index.md (first example)", root: "Materials/M_TeleportGlow.dss", files: map[string]string{
		"Materials/M_TeleportGlow.dss": `#pragma material(ShadingModel = Unlit, BlendMode = Additive)

/// @group Glow|Look   @desc Multiplied on top of the particle colour
uniform float4 Tint = float4(1, 1, 1, 1);

/// @group Glow|Look   @desc Overall emissive gain
uniform float Intensity = 0.7;

float GlowMask(float2 UV)
{
    float2 P = UV * 2.0 - 1.0;
    return pow(saturate(1.0 - dot(P, P)), 2.4);
}

export void M_TeleportGlow(inout material m)
{
    float2 UV = UE.TexCoord(Index = 0);
    m.EmissiveColor = Tint.rgb * GlowMask(UV) * Intensity;
}
`}},
	{source: "Docs/language-v2/index.md (second example)", root: "Functions/MF_ToonUV.dss", files: map[string]string{
		"Functions/MF_ToonUV.dss": `/// @asset /MoonToon/MaterialFunctions/Utils/MF_UVChannelSwitch
extern float2 MF_UVChannelSwitch(float UVChannelIndex);

/// @library MoonToon|Shared
/// @param UVChannel    Which UV channel to read.
export float2 MF_ToonUV(float UVChannel = 0.0, float4 ScaleOffset = float4(1, 1, 0, 0))
{
    float2 Selected = MF_UVChannelSwitch(UVChannel);
    return Selected * ScaleOffset.xy + ScaleOffset.zw;
}
`}},
	{source: "Docs/language-v2/substrate.md (first example)", root: "Materials/M_CoatedMetal.dss", substrate: true, files: map[string]string{
		"Materials/M_CoatedMetal.dss": `#pragma material(Substrate = Native)

/// @group Surface
uniform Texture2D Albedo;
uniform float Rust = 0.3;
uniform float Coat = 1.0;

export void M_CoatedMetal(inout material m)
{
    float4 Tex = Albedo.Sample(UE.TexCoord(Index = 0));

    Substrate Metal = Substrate.Slab(BaseColor = Tex.rgb, Metallic = 1.0, Roughness = 0.35);   // S3
    Substrate RustS = Substrate.Slab(BaseColor = Tex.rgb * float3(0.6, 0.3, 0.1), Roughness = 0.9);
    Substrate Body  = lerp(Metal, RustS, saturate(Tex.a * Rust));                              // S1
    Substrate Clear = Substrate.Slab(IOR = 1.5, Roughness = 0.1);                              // S3

    m.FrontMaterial = Substrate.Layer(Clear * Coat, Body, 0.01);                               // S1
}
`}},
	{source: "Docs/language-v2/substrate.md (FrontMaterial through a pin)", root: "Layers/MLB_Wet.dss", files: map[string]string{
		"Layers/MLB_Wet.dss": `/// @layerblend
export void MLB_Wet(material Bottom, material Top, float Alpha, inout material R)
{
    R.FrontMaterial = lerp(Bottom.FrontMaterial, Top.FrontMaterial, Alpha);
}
`}},
	{source: "Docs/examples/index.md §1", root: "Materials/M_Minimal.dss", want: []string{"settings{Domain=UI, ShadingModel=Unlit}", "MaterialSink(EmissiveColor=%1)"}, files: map[string]string{
		"Materials/M_Minimal.dss": `#pragma material(Domain = UI, ShadingModel = Unlit)

uniform float3 Tint = float3(1.0, 0.2, 0.2);

export void M_Minimal(inout material m)
{
    m.EmissiveColor = Tint;
}
`}},
	{source: "Docs/examples/index.md §2", root: "Materials/M_Params.dss", files: map[string]string{
		"Materials/M_Params.dss": `#pragma material(Domain = Surface, ShadingModel = DefaultLit, BlendMode = Opaque)

/// @group Surface   @sort 0    @slider 0 1
uniform float Roughness = 0.55;
/// @group Surface   @sort 10   @desc Base albedo
uniform float4 Albedo = float4(0.8, 0.8, 0.8, 1.0);

/// @group Detail   @sort 99   @sampler LinearColor
/// @default /Engine/EngineResources/WhiteSquareTexture
uniform Texture2D DetailMap;
/// @static
/// @group Detail   @sort 20
uniform bool UseDetail = true;

/// @default /Engine/EngineResources/WhiteSquareTexture
uniform Texture2D NoiseTex;
static const float DebugScale = 1.0;

export void M_Params(inout material m)
{
    float2 UV = UE.TexCoord(Index = 0);
    float4 Detail = DetailMap.Sample(UV);
    float4 Noise = NoiseTex.Sample(UV);

    float3 Color = Albedo.rgb;
    if (UseDetail)
    {
        Color = Detail.rgb * Albedo.rgb;
    }
    m.BaseColor = Color;
    m.Roughness = Roughness * DebugScale * Noise.r;
}
`}},
	{source: "Docs/examples/index.md §3", root: "Materials/M_Tinted.dss", files: map[string]string{
		"Materials/M_Tinted.dss": `#include "Shared/Common.dsh"

#pragma material(Domain = Surface, ShadingModel = Unlit)

uniform float3 Albedo = float3(0.6, 0.8, 1.0);
uniform float3 Tint   = float3(1.0, 0.4, 0.1);

export void M_Tinted(inout material m)
{
    float3 Tinted;
    Common_ApplyTint(Albedo, Tint, Tinted);
    m.EmissiveColor = Tinted;
}
`, "Shared/Common.dsh": commonDsh}},
	{source: "Docs/examples/index.md §4", root: "Materials/M_Calls.dss", files: map[string]string{
		"Materials/M_Calls.dss": `#include "Shared/Common.dsh"

#pragma material(Domain = Surface, ShadingModel = Unlit, BlendMode = Translucent)

uniform float4 Source = float4(0.4, 0.6, 0.9, 0.75);
uniform float3 Tint   = float3(1.0, 0.4, 0.1);

export void M_Calls(inout material m)
{
    float3 Rgb;
    float  A;
    SplitChannels(Source, Rgb, A);

    float3 Tinted;
    Common_ApplyTint(Rgb, Tint, Tinted);

    float L = Common_Luma(Tinted);
    float Soft;
    Remap01(L, Soft);

    m.EmissiveColor = Tinted * Soft;
    m.Opacity = A;
}
`, "Shared/Common.dsh": commonDsh}},
	{source: "Docs/examples/index.md §4, with the 1.x header", root: "Materials/M_Calls.dss", files: map[string]string{
		"Materials/M_Calls.dss": `#include "Shared/Common.dsh"

uniform float4 Source = float4(0.4, 0.6, 0.9, 0.75);
uniform float3 Tint   = float3(1.0, 0.4, 0.1);

export void M_Calls(inout material m)
{
    float3 Rgb;
    float  A;
    SplitChannels(Source, Rgb, A);

    float3 Tinted;
    Common_ApplyTint(Rgb, Tint, Tinted);

    float L = Common_Luma(Tinted);
    float Soft;
    Remap01(L, Soft);

    m.EmissiveColor = Tinted * Soft;
    m.Opacity = A;
}
`, "Shared/Common.dsh": commonDsh1x}, want: []string{"Custom[Common_Luma]", `Description="Common::Luma"`, "Custom[SplitChannels]", `AdditionalOutputs="[alpha:Float1]"`}},
	{source: "Docs/examples/index.md §5", root: "Materials/M_UEBuiltins.dss", files: map[string]string{
		"Materials/M_UEBuiltins.dss": `#pragma material(Domain = UI, ShadingModel = Unlit)

export void M_UEBuiltins(inout material m)
{
    float2 uv   = UE.TexCoord(Index = 0);
    float  t    = UE.Time();
    float3 view = UE.CameraVectorWS();

    float  pulse  = UE.Expression(Class = "Sine", Input = t);
    float  pulse2 = UE.Sine(Input = t * 0.5);
    float3 local  = UE.TransformVector(Input = view, Source = "World", Destination = "Local");

    m.EmissiveColor = float3(uv.x, uv.y, pulse + pulse2 + local.z);
}
`}},
	{source: "Docs/examples/index.md §6", root: "Materials/M_Branch.dss", files: map[string]string{
		"Materials/M_Branch.dss": `#pragma material(Domain = Surface, ShadingModel = Unlit, BlendMode = Opaque)

/// @group Surface
uniform float Threshold = 0.5;
/// @group Surface
uniform float4 Lit = float4(1.0, 0.85, 0.2, 1.0);
/// @group Surface
uniform float4 Dark = float4(0.05, 0.05, 0.1, 1.0);

export void M_Branch(inout material m)
{
    float2 uv = UE.TexCoord(Index = 0);
    float mask = uv.x;

    float3 Color = float3(0, 0, 0);
    if (mask > Threshold)
    {
        Color = Lit.rgb;
    }
    else if (mask > Threshold * 0.5)
    {
        Color = Lit.rgb * 0.5;
    }
    else
    {
        Color = Dark.rgb;
    }
    m.EmissiveColor = Color;
}
`}},
	{source: "Docs/examples/index.md §7", root: "Materials/M_Attrs.dss", want: []string{"Metallic=%", "Specular=%2"}, files: map[string]string{
		"Materials/M_Attrs.dss": `#pragma material(Domain = Surface, ShadingModel = DefaultLit, BlendMode = Opaque)

uniform float3 BaseTint = float3(0.6, 0.8, 1.0);
uniform float  R        = 0.35;

export void M_Attrs(inout material m)
{
    m.BaseColor = BaseTint;
    m.Roughness = R;
    m.Metallic  = 0.0;
    m.Specular  = m.Roughness;
}
`}},
	{source: "Docs/examples/index.md §8", root: "Materials/M_Substrate.dss", files: map[string]string{
		"Materials/M_Substrate.dss": `uniform float3 Color = float3(0.1, 0.6, 1.0);

export void M_Substrate(inout material m)
{
    m.FrontMaterial = Substrate.Unlit(EmissiveColor = Color);
}
`}},
	{source: "Docs/examples/index.md §9 (function)", root: "Functions/F_Tint.dss", files: map[string]string{
		"Functions/F_Tint.dss": `/// @desc Tint helper
/// @library Examples
/// @param Strength  Preview strength
export void F_Tint(float3 InColor, float Strength = 1.0, out float3 OutColor)
{
    OutColor = InColor * Strength;
}
`}},
	{source: "Docs/examples/index.md §9 (material)", root: "Materials/M_UsesTint.dss", files: map[string]string{
		"Materials/M_UsesTint.dss": `/// @asset /Game/Functions/F_Tint
extern void F_Tint(float3 InColor, float Strength = 1.0, out float3 OutColor);

#pragma material(Domain = Surface, ShadingModel = Unlit)

uniform float3 Albedo = float3(0.6, 0.8, 1.0);

export void M_UsesTint(inout material m)
{
    float3 Tinted;
    F_Tint(Albedo, Strength = 0.5, OutColor = Tinted);
    m.EmissiveColor = Tinted;
}
`}},
	{source: "Docs/examples/index.md §10", root: "Layers/L_SimpleSurface.dss", files: map[string]string{
		"Layers/L_SimpleSurface.dss": `/// @group Layer
uniform float4 LayerColor = float4(0.8, 0.2, 0.1, 1.0);
/// @group Layer   @slider 0 1
uniform float LayerRough = 0.5;
/// @group Blend   @slider 0 1
uniform float Alpha = 0.5;

/// @layer
export void L_SimpleSurface(inout material m)
{
    m.BaseColor = LayerColor.rgb;
    m.Roughness = LayerRough;
}

/// @layerblend
export void LB_Overlay(material Bottom, material Top, inout material Attrs)
{
    Attrs.BaseColor = lerp(Bottom.BaseColor, Top.BaseColor, Alpha);
    Attrs.Roughness = lerp(Bottom.Roughness, Top.Roughness, Alpha);
}
`}},
	{source: "Docs/examples/index.md §11", root: "Materials/M_Buffered.dss", files: map[string]string{
		"Materials/M_Buffered.dss": `#include "VirtualFunctions/BufferWriter.dsh"

#pragma material(Domain = Surface, ShadingModel = Unlit)

uniform float3 Tint = float3(1.0, 0.4, 0.1);

export void M_Buffered(inout material m)
{
    m.EmissiveColor = BufferWriter(Tint, Alpha = 0.5);
}
`, "VirtualFunctions/BufferWriter.dsh": `/// @asset /Game/MaterialFunctions/F_BufferWriter
/// @desc Existing material function declared for Graph calls.
extern float3 BufferWriter(float3 Color, float Alpha = 1.0);
`}},
	{source: "Docs/examples/index.md §12", root: "Materials/M_Wind.dss", files: map[string]string{
		"Materials/M_Wind.dss": `#pragma material(Domain = Surface, ShadingModel = Unlit)

/// @custom
void WindPulse(float2 uv, out float pulse)
{
    float t = UE.Time();
    pulse = sin(uv.x * 8.0 + t);
}

export void M_Wind(inout material m)
{
    float2 UV = UE.TexCoord(Index = 0);
    float Pulse;
    WindPulse(UV, Pulse);
    m.EmissiveColor = float3(Pulse, Pulse, Pulse);
}
`}},
	{source: "Docs/examples/index.md §13", root: "Materials/M_Glass.dss", files: map[string]string{
		"Materials/M_Glass.dss": `#pragma material(Domain = Surface, ShadingModel = DefaultLit, BlendMode = Translucent)
#pragma material(TwoSided = true, Wireframe = false, Backend = Graph)

uniform float3 Tint = float3(0.7, 0.9, 1.0);
uniform float Opacity = 0.35;

export void M_Glass(inout material m)
{
    m.BaseColor = Tint;
    m.Opacity = Opacity;
}
`}},
	{source: "Docs/examples/index.md §14", root: "Materials/M_Laid.dss", files: map[string]string{
		"Materials/M_Laid.dss": `#pragma material(Domain = Surface, ShadingModel = DefaultLit, BlendMode = Opaque)

/// @group Surface   @sort 10
uniform float4 BaseColor = float4(0.8, 0.8, 0.8, 1.0);
/// @group Surface   @sort 20
uniform float Roughness = 0.55;
/// @default /Engine/EngineResources/WhiteSquareTexture
uniform Texture2D NoiseTex;

#pragma layout(Comment, Name = "Sampling", X = -1200, Y = -200, W = 900, H = 400, Color = "0.10 0.16 0.22 0.35")
#pragma layout(Comment, Name = "Surface", X = -1200, Y = 260, W = 900, H = 400)
#pragma layout(Node, Var = "UV", X = -1100, Y = -120)
#pragma layout(Node, Var = "Noise", X = -760, Y = -120)

export void M_Laid(inout material m)
{
    #pragma region Sampling
    float2 UV = UE.TexCoord(Index = 0);
    float4 Noise = NoiseTex.Sample(UV);
    #pragma endregion

    #pragma region Surface
    m.BaseColor = BaseColor.rgb * Noise.rgb;
    m.Roughness = Roughness;
    #pragma endregion
}
`}},
	{source: "Docs/examples/index.md §15", root: "Materials/M_RVTSurface.dss", files: map[string]string{
		"Materials/M_RVTSurface.dss": `#pragma material(Backend = Graph, Domain = Surface, ShadingModel = DefaultLit, BlendMode = Opaque)

uniform float3 Fallback = float3(0.5, 0.5, 0.5);

export void M_RVTSurface(inout material m)
{
    float3 Sampled = UE.RuntimeVirtualTextureSample(
        MaterialType = "BaseColor_Normal_Roughness",
        VirtualTexture = "/Game/RVT/RVT_Terrain").BaseColor;
    float3 Blended = UE.RuntimeVirtualTextureReplace(Default = Fallback, VirtualTextureOutput = Sampled);
    float3 SurfaceColor = UE.VirtualTextureFeatureSwitch(Yes = Blended, No = Fallback);

    m.BaseColor = SurfaceColor;
    UE.Expression(Class = "RuntimeVirtualTextureOutput", Pin[0] = SurfaceColor, Pin[2] = 0.5);
}
`}},
}

// commonDsh1x is the same header in its 1.x spelling (Docs/examples/index.md
// §3, first block): "A `.dsh` holds both dialects, so the `.dss` includes
// the header as it is."
const commonDsh1x = `Namespace(Name="Common")
{
    Function ApplyTint(in vec3 color, in vec3 tint, out vec3 result) {
        result = color * tint;
    }

    Function float Luma(in vec3 color) {
        return dot(color, float3(0.299, 0.587, 0.114));
    }
}

Function SelfContained Remap01(in float value, out float result) {
    result = saturate(value * 0.5 + 0.5);
}

Function SplitChannels(in vec4 src, out vec3 rgb, out float alpha) {
    rgb   = src.rgb;
    alpha = src.a;
}
`

// commonDsh is the header of Docs/examples/index.md §3 in its 2.0 spelling.
const commonDsh = `/// @custom
/// @name Common::ApplyTint
void Common_ApplyTint(float3 color, float3 tint, out float3 result)
{
    result = color * tint;
}

/// @custom
/// @name Common::Luma
float Common_Luma(float3 color)
{
    return dot(color, float3(0.299, 0.587, 0.114));
}

/// @custom selfcontained
void Remap01(float value, out float result)
{
    result = saturate(value * 0.5 + 0.5);
}

/// @custom
void SplitChannels(float4 src, out float3 rgb, out float alpha)
{
    rgb   = src.rgb;
    alpha = src.a;
}
`

// TestDocExamplesCompile compiles every complete `.dss` example of
// upstream's docs with the engine catalog (the docs are written against
// the engine, not the test catalog): no error, at least one product, and
// the passes run over it.
func TestDocExamplesCompile(t *testing.T) {
	for _, ex := range docExamples {
		read := func(p string) ([]byte, error) {
			rel := path.Clean(p)
			if len(rel) > len("/DShader/") && rel[:len("/DShader/")] == "/DShader/" {
				if s, ok := ex.files[rel[len("/DShader/"):]]; ok {
					return []byte(s), nil
				}
			}
			return nil, os.ErrNotExist
		}
		m, ds := dss.CompileFile("/DShader/"+ex.root, dss.Options{ReadFile: read, Substrate: ex.substrate})
		if ds.HasErrors() || m == nil {
			t.Errorf("%s (%s):\n%s", ex.root, ex.source, ds.String())
			continue
		}
		if len(m.Products) == 0 {
			t.Errorf("%s (%s): no product", ex.root, ex.source)
			continue
		}
		for _, g := range m.Products {
			if err := ir.Check(g); err != nil {
				t.Errorf("%s: %v", ex.root, err)
			}
		}
		out, _ := passes.RunModule(m, passes.Options{Mode: "2.0"})
		dump := ir.Dump(out)
		for _, w := range ex.want {
			if !strings.Contains(dump, w) {
				t.Errorf("%s (%s): dump lacks %q:\n%s", ex.root, ex.source, w, dump)
			}
		}
		for _, g := range out.Products {
			if g.Len() == 0 {
				t.Errorf("%s: product %s is empty after the passes", ex.root, g.Name)
			}
		}
	}
}
